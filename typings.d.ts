declare module '*.less' {
  const classes: Record<string, string>;
  export default classes;
}
declare module '*.css' {
  const classes: Record<string, string>;
  export default classes;
}
declare module '*.svg' {
  const url: string;
  export default url;
}
