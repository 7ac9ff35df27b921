import type { Theme } from '@mui/material/styles';

type Owner = { 'aria-label'?: string };

/**
 * react-admin 5 gives each row's checkbox its aria-label as a prop, which Material UI 9 puts on the
 * checkbox's outer span, leaving the input itself unnamed (axe: "label", "aria-prohibited-attr"). Inside
 * the desk's table the label moves onto the input; a checkbox that names its input itself keeps its own.
 */
export const rowCheckboxTheme = (outer: Theme): Theme => ({
  ...outer,
  components: {
    ...outer.components,
    MuiCheckbox: {
      ...outer.components?.MuiCheckbox,
      defaultProps: {
        ...outer.components?.MuiCheckbox?.defaultProps,
        slotProps: {
          root: { 'aria-label': undefined } as object,
          input: (owner: Owner) => (owner['aria-label'] ? { 'aria-label': owner['aria-label'] } : {}),
        },
      },
    },
  },
});
