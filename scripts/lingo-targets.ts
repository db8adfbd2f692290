/** The Lingo figures the issue measures against: the contest winner's published means and the targets. */
export const WINNER: Readonly<Record<number, number>> = { 4: 100.98, 5: 164.44, 6: 212.27, 7: 246.16, 8: 273.23, 9: 289.0, 10: 302.13, 11: 323.62, 12: 330.19, 13: 339.6 };
export const TARGET: Readonly<Record<number, number>> = { 4: 128, 5: 187, 6: 231, 7: 264, 8: 292, 9: 311, 10: 327, 11: 342, 12: 357, 13: 369 };
