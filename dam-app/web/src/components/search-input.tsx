import { Input, type InputProps } from '@chakra-ui/react';

/**
 * A search box: the words to look for, named for screen readers by `label` (which is also its placeholder unless
 * one is given). Quick Search, Directory Search, the search screen and the lists' filters are this.
 */
export function SearchInput({
  label,
  placeholder = label,
  value,
  onValue,
  ...input
}: Omit<InputProps, 'onChange' | 'value' | 'type'> & {
  label: string;
  value: string;
  onValue(value: string): void;
}) {
  return (
    <Input
      type="search"
      aria-label={label}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onValue(event.target.value)}
      {...input}
    />
  );
}
