/** Who is calling: the authenticated client of a request (made by the auth module, read by every route). */
export interface Principal {
  clientId: string;
  spaceId: string;
  scopes: ReadonlySet<string>;
}
