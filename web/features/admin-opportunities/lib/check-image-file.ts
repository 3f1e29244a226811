import { IMAGE_MAX_BYTES, IMAGE_RATIO_TOLERANCE, IMAGE_RATIOS } from '@shared/limits';
import { readImageSize } from './read-image-size';

export type ImageProblem = { title: string; description: string };

const tooLarge: ImageProblem = {
  title: 'Image Too Large',
  description: 'Image must be less than 1MB',
};
const wrongType: ImageProblem = {
  title: 'Invalid File Type',
  description: 'Please upload an image file',
};
const wrongRatio: ImageProblem = {
  title: 'Invalid Aspect Ratio',
  description: 'Image must be square (1:1) or 4:3 aspect ratio',
};

export function hasAllowedRatio(width: number, height: number): boolean {
  if (width <= 0 || height <= 0) return false;
  const ratio = width / height;
  return IMAGE_RATIOS.some((allowed) => Math.abs(ratio - allowed) <= IMAGE_RATIO_TOLERANCE);
}

/**
 * The client-side checks of SPEC.md section 5 (size, type, aspect ratio), in that order; null
 * when the file may be uploaded. The server checks again.
 */
export async function checkImageFile(file: File): Promise<ImageProblem | null> {
  if (file.size > IMAGE_MAX_BYTES) return tooLarge;
  if (!file.type.startsWith('image/')) return wrongType;
  try {
    const { width, height } = await readImageSize(file);
    return hasAllowedRatio(width, height) ? null : wrongRatio;
  } catch {
    return wrongType;
  }
}
