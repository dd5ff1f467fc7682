/**
 * Stands in for Umi's generated `plugin-locale/SelectLang` (a language dropdown Assay does not
 * use: src/components/LanguageSwitch.tsx is ours). Webpack keeps the generated one in the
 * first-load bundle together with antd's Menu and Dropdown (~45 KB gzip), so .umirc.ts swaps it.
 */
export const SelectLang = () => null;
