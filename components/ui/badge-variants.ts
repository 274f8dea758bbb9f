import { cva } from 'class-variance-authority';

/** The badge's classes by variant, apart from the component, for client code that must not load the class merger. */
export const badgeVariants = cva(
  // The looks are classes of app/globals.css (.badge and one class per variant), as for buttons.
  'badge',
  {
    variants: {
      variant: {
        default: 'badge-default',
        secondary: 'badge-secondary',
        destructive: 'badge-destructive',
        outline: 'badge-outline',
      },
    },
    defaultVariants: {
      variant: 'default',
    },
  },
);
