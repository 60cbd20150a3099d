/** undici's Pool on its own (client.ts loads it without the rest of undici); its type is the one undici exports. */
declare module "undici/lib/dispatcher/pool.js" {
  import type { Pool } from "undici";

  const PoolClass: typeof Pool;
  export default PoolClass;
}
