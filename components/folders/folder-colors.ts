/** The folder colours offered in the console; the API accepts any `#rrggbb`. */
export const FOLDER_COLORS: { value: string; name: string }[] = [
  { value: "#3b4fd8", name: "Blue" },
  { value: "#157347", name: "Green" },
  { value: "#a15c07", name: "Amber" },
  { value: "#c0262d", name: "Red" },
  { value: "#7c3aed", name: "Violet" },
  { value: "#0e7490", name: "Teal" },
  { value: "#be185d", name: "Pink" },
  { value: "#52525b", name: "Grey" },
];
