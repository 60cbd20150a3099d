// Ink imports react-devtools-core only when DEV=true; the bundle has no devtools to offer.
export default {};
