import type { ComponentPropsWithRef } from 'react';
import { Link, type LinkProps } from 'react-router';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'small' | 'medium' | 'large';

type StyleProps = {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Stretch to the container's width. */
  block?: boolean;
};

export function buttonClassName({
  variant = 'secondary',
  size = 'medium',
  block = false,
  className,
}: StyleProps & { className?: string | undefined }): string {
  return [
    styles.button,
    styles[variant],
    size === 'medium' ? '' : styles[size],
    block ? styles.block : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
}

export function Button({
  variant,
  size,
  block,
  className,
  type = 'button',
  ...rest
}: StyleProps & ComponentPropsWithRef<'button'>) {
  return (
    <button
      type={type}
      className={buttonClassName({ variant, size, block, className })}
      {...rest}
    />
  );
}

/** A link that looks like a button: for navigation, never for actions. */
export function ButtonLink({ variant, size, block, className, ...rest }: StyleProps & LinkProps) {
  return <Link className={buttonClassName({ variant, size, block, className })} {...rest} />;
}
