/** The people the first-run journey creates; later projects sign in as them. */
export const ADMIN = { team: "Initech", name: "Ada Lovelace", email: "ada@initech.test", password: "analytical-engine-1" };
