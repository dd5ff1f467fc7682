/** Ant Design theme tokens shared by the app (the spinner of docs/routes-and-loading.md "Loading spinner" uses colorPrimary). */
export const PRIMARY_COLOR = '#1677ff';

export const theme = {
  token: { colorPrimary: PRIMARY_COLOR, borderRadius: 6 },
};
