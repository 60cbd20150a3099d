import { register } from "node:module";

register("./typescript-hook.mjs", import.meta.url);
