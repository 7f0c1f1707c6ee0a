/** Line breaks, tabs and invisible characters (zero-width spaces, direction marks) become one space. */
export const oneLine = (text: string) => text.replace(/[\s\p{C}]+/gu, ' ').trim();

const NAME_MAX = 100;

/**
 * A person's name as plain words in a mail (docs/product/tickets-and-mail.md, "E-mail"): names are checked when they
 * are typed, but one stored before that check may read "verify at https://pay.example". Mail clients turn what looks
 * like an address into a link in text and HTML alike, so every dot, scheme separator and "@" followed by more text
 * gets a space: "pay. example", "https: //", "a @ b". Real names lose nothing but an odd space after an initial.
 */
export const inertName = (name: string) => {
  const line = oneLine(name);
  const cut = line.length > NAME_MAX ? `${line.slice(0, NAME_MAX - 1)}…` : line;
  return oneLine(
    cut
      .replace(/[.。．｡](?=\S)/gu, '$& ')
      .replace(/:(?=\S)/g, ': ')
      .replace(/@/g, ' @ '),
  );
};
