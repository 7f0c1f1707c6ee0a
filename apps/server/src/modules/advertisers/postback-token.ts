import { newToken, sha256Hex } from '../../lib/tokens.ts';

/**
 * A postback token is kept as its SHA-256 and its last four characters: a dump of the database does not let anyone post
 * conversions, and the inbound postback still finds the advertiser by one indexed lookup (docs/decisions/016-token-totp-audit.md).
 */
export const hashPostbackToken = (token: string) => sha256Hex(token);

export const postbackTokenColumns = (token: string) => ({
  postbackTokenHash: hashPostbackToken(token),
  postbackTokenHint: token.slice(-4),
});

/** A fresh token with the columns that keep it; the token itself leaves only in the answer that issued it. */
export const issuePostbackToken = () => {
  const token = newToken();
  return { token, columns: postbackTokenColumns(token) };
};
