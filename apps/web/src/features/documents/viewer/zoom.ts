/** The viewer's zoom: fit the width or the height of the frame, or a scale (1 = 100 %). */
export type Zoom = { fit: 'width' | 'height' | null; scale: number };

export const ZOOM_STEPS = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4] as const;

export const FIT_WIDTH: Zoom = { fit: 'width', scale: 1 };

/** The next step up (`+1`) or down (`-1`) from a scale. */
export function stepZoom(scale: number, direction: 1 | -1): number {
  if (direction > 0)
    return ZOOM_STEPS.find((s) => s > scale + 1e-9) ?? ZOOM_STEPS[ZOOM_STEPS.length - 1] ?? scale;
  return [...ZOOM_STEPS].reverse().find((s) => s < scale - 1e-9) ?? ZOOM_STEPS[0];
}
