import { cva } from 'class-variance-authority';

/** The badge's classes by variant, apart from the component, for client code that must not load the class merger. */
export const badgeVariants = cva(
  // The shared look is one class (.badge in app/globals.css), as for buttons.
  'badge',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-primary text-primary-foreground [a&]:hover:bg-primary/90',
        secondary: 'border-transparent bg-secondary text-secondary-foreground [a&]:hover:bg-secondary/80',
        destructive: 'border-transparent bg-destructive text-white [a&]:hover:bg-destructive/90',
        outline: 'text-foreground [a&]:hover:bg-accent [a&]:hover:text-accent-foreground',
      },
    },
    defaultVariants: {
      variant: 'default',
    },
  },
);
