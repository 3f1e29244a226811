import { IMAGE_MAX_BYTES } from '@shared/limits';
import type { AdminOpportunity } from '@shared/opportunity-schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, type FakeRequest, stubSession } from '@web/test/fake-server';
import { renderApp } from '@web/test/render-app';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readImageSize } from '../lib/read-image-size';

// happy-dom decodes no images: the picture's size is what each test says it is.
vi.mock('../lib/read-image-size', () => ({ readImageSize: vi.fn() }));

const solar: AdminOpportunity = {
  id: '30000000-0000-4000-8000-000000000001',
  number: 3,
  title: 'Solar roofs',
  description: 'Panels on every roof',
  imageUrl: null,
  tags: ['energy', 'cities'],
  batch: 'Spring',
  status: 'published',
  createdAt: '2026-02-01T12:00:00.000Z',
  publishedAt: '2026-02-02T12:00:00.000Z',
};

const water: AdminOpportunity = {
  ...solar,
  id: '30000000-0000-4000-8000-000000000002',
  number: 7,
  title: 'Water reuse',
  tags: [],
  batch: null,
  status: 'draft',
  publishedAt: null,
};

type Answer = { status: number; body?: unknown } | undefined;

function stubOpportunities(list: AdminOpportunity[], extra?: (r: FakeRequest) => Answer) {
  return stubSession(adminUser, (request) => {
    const answer = extra?.(request);
    if (answer) return answer;
    if (request.method === 'GET' && request.url === '/api/admin/opportunities') {
      return { status: 200, body: list };
    }
    if (request.method === 'POST' && request.url === '/api/admin/opportunities') {
      return { status: 201, body: { ...water, ...(request.body as object) } };
    }
    if (request.method === 'PATCH') {
      const id = request.url.split('/').at(-1);
      const current = list.find((o) => o.id === id)!;
      return { status: 200, body: { ...current, ...(request.body as object) } };
    }
    return undefined;
  });
}

function notifications() {
  // hidden: a modal dialog marks everything beside it aria-hidden, the toast region included.
  return screen.getByRole('region', { name: 'Notifications (F8)', hidden: true });
}

async function openScreen() {
  renderApp('/admin/opportunities');
  await screen.findByRole('heading', { name: 'Opportunities' });
}

async function openCreateDialog() {
  const user = userEvent.setup({ applyAccept: false });
  await user.click((await screen.findAllByRole('button', { name: 'Add Opportunity' }))[0]!);
  const dialog = await screen.findByRole('dialog', { name: 'Create New Opportunity' });
  return { user, dialog };
}

function png(name = 'picture.png', size = 2048, type = 'image/png') {
  return new File([new Uint8Array(size)], name, { type });
}

beforeEach(() => {
  vi.mocked(readImageSize).mockResolvedValue({ width: 400, height: 300 });
});

describe('admin opportunities screen', () => {
  it('shows the table and filters it by batch', async () => {
    stubOpportunities([solar, water]);
    await openScreen();
    expect(screen.getByText('Manage opportunities for review (up to 50)')).toBeInTheDocument();
    await screen.findByText('Solar roofs');
    const table = screen.getByRole('table', { name: 'Opportunities' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Number', 'Title', 'Status', 'Batch', 'Tags', 'Created', 'Actions']);
    const [, first] = within(table).getAllByRole('row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .slice(0, 6)
        .map((c) => c.textContent),
    ).toEqual(['#3', 'Solar roofs', 'Published', 'Spring', 'energy, cities', 'Feb 1, 2026']);

    const filter = screen.getByLabelText('Batch');
    expect(filter).toHaveDisplayValue('All Batches');
    await userEvent.setup().selectOptions(filter, 'Spring');
    expect(screen.queryByText('Water reuse')).not.toBeInTheDocument();
    expect(screen.getByText('Solar roofs')).toBeInTheDocument();
  });

  it('hides the batch filter when no opportunity has a batch', async () => {
    stubOpportunities([water]);
    await openScreen();
    await screen.findByText('Water reuse');
    expect(screen.queryByLabelText('Batch')).not.toBeInTheDocument();
    expect(screen.queryByText('All Batches')).not.toBeInTheDocument();
  });

  it('shows skeletons while loading, then the empty state', async () => {
    let answer: (value: Answer) => void = () => {};
    stubSession(adminUser, (request) =>
      request.url === '/api/admin/opportunities'
        ? new Promise((resolve) => {
            answer = resolve;
          })
        : undefined,
    );
    await openScreen();
    expect((await screen.findAllByTestId('opportunity-skeleton-row')).length).toBeGreaterThan(0);
    answer({ status: 200, body: [] });
    expect(
      await screen.findByRole('heading', { name: 'No Opportunities Yet' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add Opportunity' })).toHaveLength(2);
  });

  it("shows 'Error Loading Opportunities' with 'Refresh Page'", async () => {
    stubOpportunities([], (request) =>
      request.url === '/api/admin/opportunities' ? { status: 500, body: 'boom' } : undefined,
    );
    await openScreen();
    expect(
      await screen.findByRole('heading', { name: 'Error Loading Opportunities' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
  });

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

  it('edits an opportunity with the full field body', async () => {
    const requests = stubOpportunities([solar]);
    await openScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for #3' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Opportunity' });
    expect(within(dialog).getByLabelText('Tags')).toHaveValue('energy, cities');
    const title = within(dialog).getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Solar roofs everywhere');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await within(notifications()).findByText('Opportunity Updated')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')).toEqual({
      method: 'PATCH',
      url: `/api/admin/opportunities/${solar.id}`,
      body: {
        number: 3,
        title: 'Solar roofs everywhere',
        description: 'Panels on every roof',
        tags: ['energy', 'cities'],
        batch: 'Spring',
        status: 'published',
        imageUrl: null,
      },
    });
  });

  it('offers Unpublish for a published row and Publish for a draft, patching only the status', async () => {
    const requests = stubOpportunities([solar, water]);
    await openScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for #3' }));
    let menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Edit', 'Unpublish', 'Archive']);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Actions for #7' }));
    menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Edit', 'Publish', 'Archive']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Publish' }));
    expect(await within(notifications()).findByText('Status Updated')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')).toEqual({
      method: 'PATCH',
      url: `/api/admin/opportunities/${water.id}`,
      body: { status: 'published' },
    });
  });

  it('shows the current image when editing and can remove it', async () => {
    const requests = stubOpportunities([{ ...solar, imageUrl: '/api/images/old' }]);
    await openScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for #3' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Opportunity' });
    expect(within(dialog).getByRole('img', { name: 'Selected opportunity' })).toHaveAttribute(
      'src',
      '/api/images/old',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(within(dialog).queryByRole('img')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(notifications()).findByText('Opportunity Updated')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toMatchObject({ imageUrl: null });
  });
});
