import { IMAGE_MAX_BYTES } from '@shared/limits';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readImageSize } from '../lib/read-image-size';
import {
  notifications,
  openCreateDialog,
  openScreen,
  png,
  solar,
  stubOpportunities,
  water,
} from '../test/opportunity-test-helpers';

// happy-dom decodes no images: the picture's size is what each test says it is.
vi.mock('../lib/read-image-size', () => ({ readImageSize: vi.fn() }));

beforeEach(() => {
  vi.mocked(readImageSize).mockResolvedValue({ width: 400, height: 300 });
});

describe('opportunity form dialog', () => {
  it('suggests the highest number plus 1, or 1 when there is none', async () => {
    stubOpportunities([water, solar]);
    await openScreen();
    await screen.findByText('Solar roofs');
    const { dialog } = await openCreateDialog();
    expect(within(dialog).getByLabelText('Number')).toHaveValue('8');
    expect(within(dialog).getByLabelText('Number')).toHaveAttribute('placeholder', '8');
  });

  it('suggests number 1 for the first opportunity', async () => {
    stubOpportunities([]);
    await openScreen();
    const { dialog } = await openCreateDialog();
    expect(within(dialog).getByLabelText('Number')).toHaveValue('1');
  });

  it('counts the description characters', async () => {
    stubOpportunities([]);
    await openScreen();
    const { user, dialog } = await openCreateDialog();
    expect(within(dialog).getByText('0/1000 characters')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Description'), 'Hello world');
    expect(within(dialog).getByText('11/1000 characters')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Description')).toHaveAttribute('maxlength', '1000');
  });

  it('validates with the shared schema and posts parsed number and tags', async () => {
    const requests = stubOpportunities([]);
    await openScreen();
    const { user, dialog } = await openCreateDialog();
    const number = within(dialog).getByLabelText('Number');
    await user.clear(number);
    await user.type(number, 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Create Opportunity' }));
    expect(await within(dialog).findByText('Number must be a whole number')).toBeInTheDocument();
    expect(within(dialog).getByText('Title is required')).toBeInTheDocument();

    await user.clear(number);
    await user.type(number, '12');
    await user.type(within(dialog).getByLabelText('Title'), 'Green hydrogen');
    await user.type(within(dialog).getByLabelText('Tags'), ' energy , ,  hydrogen,, ');
    await user.type(within(dialog).getByLabelText('Batch'), 'Autumn');
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'Published');
    await user.click(within(dialog).getByRole('button', { name: 'Create Opportunity' }));

    expect(await within(notifications()).findByText('Opportunity Created')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      {
        number: 12,
        title: 'Green hydrogen',
        description: '',
        tags: ['energy', 'hydrogen'],
        batch: 'Autumn',
        status: 'published',
        imageUrl: null,
      },
    ]);
    expect(requests.some((r) => r.url === '/api/admin/upload-image')).toBe(false);
  });

  it("shows 'Failed to Create Opportunity' with the server's message", async () => {
    stubOpportunities([], (request) =>
      request.method === 'POST' && request.url === '/api/admin/opportunities'
        ? { status: 409, body: { message: 'Opportunity number 1 already exists' } }
        : undefined,
    );
    await openScreen();
    const { user, dialog } = await openCreateDialog();
    await user.type(within(dialog).getByLabelText('Title'), 'Dup');
    await user.click(within(dialog).getByRole('button', { name: 'Create Opportunity' }));
    const region = notifications();
    expect(await within(region).findByText('Failed to Create Opportunity')).toBeInTheDocument();
    expect(within(region).getByText('Opportunity number 1 already exists')).toBeInTheDocument();
  });

  it.each([
    {
      label: 'larger than 1 MiB',
      file: () => png('big.png', IMAGE_MAX_BYTES + 1),
      title: 'Image Too Large',
      description: 'Image must be less than 1MB',
    },
    {
      label: 'not an image',
      file: () => png('notes.txt', 10, 'text/plain'),
      title: 'Invalid File Type',
      description: 'Please upload an image file',
    },
    {
      label: 'neither 1:1 nor 4:3',
      file: () => png('wide.png'),
      size: { width: 1600, height: 900 },
      title: 'Invalid Aspect Ratio',
      description: 'Image must be square (1:1) or 4:3 aspect ratio',
    },
  ])('refuses an image $label', async ({ file, size, title, description }) => {
    if (size) vi.mocked(readImageSize).mockResolvedValue(size);
    const requests = stubOpportunities([]);
    await openScreen();
    const { user, dialog } = await openCreateDialog();
    await user.upload(within(dialog).getByLabelText('Image'), file());
    const region = notifications();
    expect(await within(region).findByText(title)).toBeInTheDocument();
    expect(within(region).getByText(description)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Title'), 'No picture');
    await user.click(within(dialog).getByRole('button', { name: 'Create Opportunity' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect(requests.some((r) => r.url === '/api/admin/upload-image')).toBe(false);
  });

  it('accepts square and 4:3 images within the 0.1 tolerance', async () => {
    const { hasAllowedRatio } = await import('../lib/check-image-file');
    expect(hasAllowedRatio(500, 500)).toBe(true);
    expect(hasAllowedRatio(400, 300)).toBe(true);
    expect(hasAllowedRatio(1090, 1000)).toBe(true);
    expect(hasAllowedRatio(1440, 1000)).toBe(false);
    expect(hasAllowedRatio(300, 400)).toBe(false);
  });

  it('uploads the chosen image first and saves its url', async () => {
    const requests = stubOpportunities([], (request) =>
      request.url === '/api/admin/upload-image'
        ? { status: 201, body: { url: '/api/images/abc' } }
        : undefined,
    );
    await openScreen();
    const { user, dialog } = await openCreateDialog();
    const picture = png();
    await user.upload(within(dialog).getByLabelText('Image'), picture);
    await user.type(within(dialog).getByLabelText('Title'), 'With picture');
    await user.click(within(dialog).getByRole('button', { name: 'Create Opportunity' }));

    expect(await within(notifications()).findByText('Opportunity Created')).toBeInTheDocument();
    const writes = requests.filter((r) => r.method === 'POST');
    expect(writes.map((r) => r.url)).toEqual([
      '/api/admin/upload-image',
      '/api/admin/opportunities',
    ]);
    expect((writes[0]!.body as FormData).get('image')).toBe(picture);
    expect(writes[1]!.body).toMatchObject({ imageUrl: '/api/images/abc' });
  });

  it('reuses an uploaded image when the save is retried', async () => {
    let creates = 0;
    const requests = stubOpportunities([], (request) => {
      if (request.url === '/api/admin/upload-image') {
        return { status: 201, body: { url: '/api/images/once' } };
      }
      if (request.method === 'POST' && request.url === '/api/admin/opportunities') {
        creates += 1;
        if (creates === 1) {
          return { status: 409, body: { message: 'Opportunity number 1 already exists' } };
        }
      }
      return undefined;
    });
    await openScreen();
    const { user, dialog } = await openCreateDialog();
    await user.upload(within(dialog).getByLabelText('Image'), png());
    await user.type(within(dialog).getByLabelText('Title'), 'Retry me');
    await user.click(within(dialog).getByRole('button', { name: 'Create Opportunity' }));
    expect(await within(notifications()).findByText('Failed to Create Opportunity')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Create Opportunity' }));
    expect(await within(notifications()).findByText('Opportunity Created')).toBeInTheDocument();
    expect(requests.filter((r) => r.url === '/api/admin/upload-image')).toHaveLength(1);
    expect(requests.filter((r) => r.method === 'POST').at(-1)?.body).toMatchObject({
      imageUrl: '/api/images/once',
    });
  });

  it('aborts the save when the upload fails', async () => {
    const requests = stubOpportunities([], (request) =>
      request.url === '/api/admin/upload-image'
        ? { status: 415, body: { message: 'The file is not a PNG, JPEG or WebP image' } }
        : undefined,
    );
    await openScreen();
    const { user, dialog } = await openCreateDialog();
    await user.upload(within(dialog).getByLabelText('Image'), png());
    await user.type(within(dialog).getByLabelText('Title'), 'With picture');
    await user.click(within(dialog).getByRole('button', { name: 'Create Opportunity' }));

    const region = notifications();
    expect(await within(region).findByText('Image Upload Failed')).toBeInTheDocument();
    expect(
      within(region).getByText('The file is not a PNG, JPEG or WebP image'),
    ).toBeInTheDocument();
    expect(requests.some((r) => r.url === '/api/admin/opportunities' && r.method === 'POST')).toBe(
      false,
    );
    expect(screen.getByRole('dialog', { name: 'Create New Opportunity' })).toBeInTheDocument();
  });

  it("falls back to 'Upload failed' when the upload error has no message", async () => {
    stubOpportunities([], (request) =>
      request.url === '/api/admin/upload-image' ? { status: 502, body: '' } : undefined,
    );
    await openScreen();
    const { user, dialog } = await openCreateDialog();
    await user.upload(within(dialog).getByLabelText('Image'), png());
    await user.type(within(dialog).getByLabelText('Title'), 'With picture');
    await user.click(within(dialog).getByRole('button', { name: 'Create Opportunity' }));
    expect(await within(notifications()).findByText('Upload failed')).toBeInTheDocument();
  });

  it('shows the current image when editing and can remove it', async () => {
    const requests = stubOpportunities([{ ...solar, imageUrl: '/api/images/old' }]);
    await openScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for #3' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Opportunity' });
    const preview = within(dialog).getByRole('img', { name: 'Selected opportunity' });
    expect(preview).toHaveAttribute('src', '/api/images/old?w=640');
    expect(preview).toHaveAttribute('sizes', '64px');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(within(dialog).queryByRole('img')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(notifications()).findByText('Opportunity Updated')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toMatchObject({ imageUrl: null });
  });
});
