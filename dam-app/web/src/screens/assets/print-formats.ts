/** R-PRINT-OUTPUTS print outputs, as the server makes them (`/assets/{id}/print/{format}`). */
export const PRINT_FORMATS = [
  { format: 'jpeg', label: 'Web JPEG', dpi: 72 },
  { format: 'png', label: 'PNG', dpi: 72 },
  { format: 'gif', label: 'GIF', dpi: 72 },
  { format: 'tiff', label: 'TIFF', dpi: 300 },
] as const;
