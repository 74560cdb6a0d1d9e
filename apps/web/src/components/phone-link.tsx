import type { ReactNode } from 'react';
import { Anchor, type AnchorProps } from '@mantine/core';
import { isWithheldNumber } from '@phonebot/shared/calls';

/** The tel: address of a number: its digits and a leading +, so a phone or a softphone dials it as written. */
export function telHref(number: string): string {
  return `tel:${number.replace(/[^\d+]/g, '')}`;
}

type PhoneLinkProps = AnchorProps & {
  number: string;
  /** What the link says (the number itself when not given). */
  children?: ReactNode;
  /** Said to assistive technology and shown on hover, e.g. "Call +49 30 …". */
  label?: string;
};

/**
 * A phone number as a tel: link, so a click calls it from the device (a phone, or a desktop's softphone). A withheld
 * number names nobody: it stays plain text.
 */
export function PhoneLink({ number, children, label, ...props }: PhoneLinkProps) {
  if (isWithheldNumber(number) || !/\d/.test(number)) return <>{children ?? number}</>;
  return (
    <Anchor href={telHref(number)} aria-label={label} title={label} data-phone-link {...props}>
      {children ?? number}
    </Anchor>
  );
}

/** A text that holds a number, with the number as a tel: link (a title such as "Call from +49 …"). */
export function TextWithPhoneLink({ text, number, label }: { text: string; number: string; label?: string }) {
  const at = number ? text.indexOf(number) : -1;
  if (at === -1) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <PhoneLink number={number} label={label} inherit />
      {text.slice(at + number.length)}
    </>
  );
}
