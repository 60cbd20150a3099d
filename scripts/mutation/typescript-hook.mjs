/**
 * Stryker's TypeScript checker and its tsconfig rewriting call TypeScript's compiler API, which TypeScript 7
 * (the project's `typescript`, a native compiler) no longer has. Stryker's own modules get TypeScript 5.9's
 * API instead (the `typescript-compiler-api` devDependency); everything else keeps TypeScript 7.
 */
export async function resolve(specifier, context, nextResolve) {
  if (specifier === "typescript" && context.parentURL?.includes("/node_modules/@stryker-mutator/")) {
    return nextResolve("typescript-compiler-api", context);
  }
  return nextResolve(specifier, context);
}
