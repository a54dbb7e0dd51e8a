// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WORKFLOW_MESSAGES } from '../../../../api/messages.ts';
import {
  type Workflow,
  type WorkflowRun,
  workflowRunSchema,
  workflowSchema,
} from '../../../../api/workflows.ts';
import { translator } from '../../i18n/translate.ts';
import { fakeApi } from '../../test-support/fake-api.ts';
import { en, renderScreen } from '../../test-support/render-screen.tsx';
import { AdminScreen } from './admin-screen.tsx';
import { systemWorkflowTexts } from './workflow-system-list.tsx';

const WORKFLOW: Workflow = workflowSchema.parse({
  id: 3,
  name: 'Tag arrivals',
  trigger: 'ingested',
  folderId: 7,
  folderPath: 'Library/Shoots',
  script: "dam.addKeyword('new');",
  nextFireAt: null,
  updatedAt: '2026-11-27T03:00:00.000Z',
});
const run = (fields: Partial<WorkflowRun>): WorkflowRun =>
  workflowRunSchema.parse({
    id: 12,
    workflowId: 3,
    workflowName: 'Tag arrivals',
    assetId: 40,
    trigger: 'ingested',
    status: 'completed',
    dryRun: false,
    parameters: {},
    steps: [],
    replayOf: null,
    changes: [],
    log: [],
    error: null,
    createdAt: '2026-11-27T03:01:00.000Z',
    finishedAt: '2026-11-27T03:01:01.000Z',
    ...fields,
  });
const routes = {
  'GET /admin/workflows': [
    WORKFLOW,
    { ...WORKFLOW, id: 4, name: 'Off', state: 'disabled', folderId: null, folderPath: '' },
  ],
  'GET /admin/workflow-folders': [
    { id: 1, name: 'Ops', parentId: null },
    { id: 2, name: 'Nightly', parentId: 1 },
  ],
  'GET /admin/workflows/system': [
    {
      key: 'utils',
      name: 'Utils workflow',
      description: 'Helpers',
      actions: [{ name: 'normalize_xmp', payload: 'id', answer: '—' }],
    },
  ],
  'GET /admin/acls': [
    { id: 5, name: 'Editors', rootPath: '', relativePath: null, permissions: [], userIds: [], groupIds: [] },
  ],
  'GET /stamps': [{ id: 8, name: 'Press', values: [] }],
  'GET /conversion-presets': [
    {
      id: 6,
      name: 'Web JPEG',
      description: '',
      kind: 'image',
      platform: 'any',
      format: 'jpeg',
      width: null,
      height: null,
      scale: null,
      rotate: 0,
      startSeconds: null,
      durationSeconds: null,
      colorspace: null,
      destinationProfile: null,
      quality: 85,
      revision: 1,
    },
  ],
  'GET /folders/tree': {
    root: { id: 1, name: 'Library', path: 'Library', parentId: null },
    folders: [{ id: 7, name: 'Shoots', path: 'Library/Shoots', parentId: 1 }],
  },
};

describe('the Workflow Manager section (R-WORKFLOW-TRIGGERS)', () => {
  it('lists each workflow with its trigger, folder and state', async () => {
    fakeApi(routes);
    renderScreen(<AdminScreen section="workflows" />);
    expect(await screen.findByText('Tag arrivals')).toBeTruthy();
    expect(screen.getAllByText(en('workflow.trigger.ingested'))).toHaveLength(2);
    expect(screen.getByText('Library/Shoots')).toBeTruthy();
    expect(screen.getByText(en('workflow.wholeLibrary'))).toBeTruthy();
    expect(screen.getByText(en('workflow.state.disabled'))).toBeTruthy();
  });

  it('creates a workflow from the editor: trigger, folder, limits and script, checked by the shared schema first', async () => {
    const api = fakeApi({
      ...routes,
      'POST /admin/workflows': { status: 201, body: { ...WORKFLOW, id: 9 } },
    });
    renderScreen(<AdminScreen section="workflows" />);
    fireEvent.click(await screen.findByRole('button', { name: en('admin.newWorkflow') }));
    const drawer = within(await screen.findByRole('dialog'));
    fireEvent.change(drawer.getByLabelText(/^Name/), { target: { value: 'Sort' } });
    fireEvent.change(drawer.getByLabelText(en('workflow.trigger')), { target: { value: 'moved' } });
    await waitFor(() => expect(drawer.getAllByRole('option', { name: 'Library/Shoots' })).toHaveLength(1));
    fireEvent.change(drawer.getByLabelText(en('workflow.folder')), { target: { value: '7' } });
    const timeout = drawer.getByRole('spinbutton', { name: en('workflow.timeout') });
    fireEvent.change(timeout, { target: { value: '99999' } });
    fireEvent.change(drawer.getByLabelText(en('workflow.script'), { exact: false }), {
      target: { value: "dam.move('Done');" },
    });
    await act(async () => fireEvent.click(drawer.getByRole('button', { name: en('app.create') })));
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    expect(timeout.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(timeout, { target: { value: '2000' } });
    await act(async () => fireEvent.click(drawer.getByRole('button', { name: en('app.create') })));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Sort',
      description: '',
      type: 'javascript',
      trigger: 'moved',
      folderId: 7,
      workflowFolderId: null,
      script: "dam.move('Done');",
      steps: [],
      parameters: [],
      properties: {},
      schedule: null,
      aclIds: [],
      state: 'enabled',
      timeoutMs: 2000,
      memoryMb: 16,
    });
  });

  it('dry-runs the saved script on an asset and shows the changes it would make, its log and its error', async () => {
    const api = fakeApi({
      ...routes,
      'POST /admin/workflows/3/test-run': run({
        id: 13,
        dryRun: true,
        trigger: 'test',
        status: 'error',
        changes: [{ action: 'addKeyword', word: 'new' }],
        log: [{ level: 'finest', message: 'looping' }],
        error: WORKFLOW_MESSAGES.scriptTimedOut(1000),
      }),
    });
    renderScreen(<AdminScreen section="workflows" />);
    fireEvent.click(
      await screen.findByRole('button', { name: en('admin.editWorkflow', { name: 'Tag arrivals' }) }),
    );
    const drawer = within(await screen.findByRole('dialog'));
    fireEvent.change(drawer.getByLabelText(en('workflow.testAsset')), { target: { value: '40' } });
    fireEvent.click(drawer.getByRole('button', { name: en('workflow.testRun') }));
    expect(await drawer.findByText(en('workflow.change.addKeyword', { word: 'new' }))).toBeTruthy();
    expect(drawer.getByText('looping')).toBeTruthy();
    expect(drawer.getByText(en('workflow.level.finest'))).toBeTruthy();
    expect(drawer.getByText(WORKFLOW_MESSAGES.scriptTimedOut(1000))).toBeTruthy();
    expect(api.calls.find((call) => call.path.endsWith('/test-run'))?.body).toEqual({ assetId: 40 });
    // The dry run is not the editor's save.
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('shows the run history, each run opening to its changes and log', async () => {
    fakeApi({
      ...routes,
      'GET /admin/workflows/3/runs': [
        run({ changes: [{ action: 'move', folder: 'Done' }], log: [{ level: 'config', message: 'moved' }] }),
      ],
    });
    renderScreen(<AdminScreen section="workflows" />);
    fireEvent.click(
      await screen.findByRole('button', { name: en('workflow.showRuns', { name: 'Tag arrivals' }) }),
    );
    expect(
      await screen.findByRole('heading', { name: en('workflow.showRuns', { name: 'Tag arrivals' }) }),
    ).toBeTruthy();
    expect(await screen.findByText(en('workflow.run', { id: 12 }))).toBeTruthy();
    expect(screen.getByText(en('workflow.status.completed'))).toBeTruthy();
    expect(screen.getByText(en('workflow.change.move', { folder: 'Done' }))).toBeTruthy();
  });

  it('builds a scheduled Regular workflow: steps, parameters, folder of the tree and a weekly schedule (R-WORKFLOW-MODEL)', async () => {
    const api = fakeApi({
      ...routes,
      'POST /admin/workflows': { status: 201, body: { ...WORKFLOW, id: 9 } },
    });
    renderScreen(<AdminScreen section="workflows" />);
    expect(await screen.findByText('System workflows')).toBeTruthy();
    expect(await screen.findByText('normalize_xmp')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: en('admin.newWorkflow') }));
    const drawer = within(await screen.findByRole('dialog'));
    fireEvent.change(drawer.getByLabelText(/^Name/), { target: { value: 'Weekly report' } });
    fireEvent.change(drawer.getByLabelText(en('workflow.type')), { target: { value: 'regular' } });
    fireEvent.change(drawer.getByLabelText(en('workflow.trigger')), { target: { value: 'scheduled' } });
    fireEvent.change(drawer.getByLabelText(en('workflow.every')), { target: { value: 'weekly' } });
    fireEvent.change(drawer.getByLabelText(en('workflow.day')), { target: { value: '1' } });
    fireEvent.change(drawer.getByLabelText(en('workflow.time')), { target: { value: '08:30' } });
    await waitFor(() => expect(drawer.getAllByRole('option', { name: 'Ops / Nightly' })).toHaveLength(1));
    fireEvent.change(drawer.getByLabelText(en('workflow.workflowFolder')), { target: { value: '2' } });
    fireEvent.click(drawer.getByRole('button', { name: en('workflow.addParameter') }));
    fireEvent.change(drawer.getByLabelText(en('workflow.parameter.name')), { target: { value: 'region' } });
    fireEvent.change(drawer.getByLabelText(en('workflow.parameter.value')), { target: { value: 'eu' } });
    fireEvent.click(drawer.getByRole('button', { name: en('workflow.addStep') }));
    fireEvent.change(drawer.getByLabelText(en('workflow.stepNumber', { n: 1 })), {
      target: { value: 'callUrl' },
    });
    fireEvent.change(drawer.getByLabelText(en('workflow.step.url')), {
      target: { value: 'https://hooks.example/report' },
    });
    fireEvent.change(drawer.getByLabelText(en('workflow.step.secret')), {
      target: { value: 'sixteen-characters-at-least' },
    });
    // The steps other features do: a conversion into the dock (no folder asked), a share, a request.
    for (const [n, action] of [
      [2, 'convert'],
      [3, 'share'],
      [4, 'requestApproval'],
    ] as const) {
      fireEvent.click(drawer.getByRole('button', { name: en('workflow.addStep') }));
      fireEvent.change(drawer.getByLabelText(en('workflow.stepNumber', { n })), {
        target: { value: action },
      });
    }
    await waitFor(() => expect(drawer.getAllByRole('option', { name: 'Web JPEG' })).toHaveLength(1));
    fireEvent.change(drawer.getByLabelText(en('workflow.step.presetId')), { target: { value: '6' } });
    expect(drawer.getByLabelText(en('workflow.step.folder'))).toBeTruthy();
    fireEvent.change(drawer.getByLabelText(en('workflow.step.into')), { target: { value: 'dock' } });
    expect(drawer.queryByLabelText(en('workflow.step.folder'))).toBeNull();
    fireEvent.change(drawer.getByLabelText(en('workflow.step.to')), { target: { value: '{{client}}' } });
    fireEvent.change(drawer.getByLabelText(en('workflow.step.days')), { target: { value: '5' } });
    fireEvent.change(drawer.getByLabelText(en('workflow.step.reason')), { target: { value: 'Print' } });
    await act(async () => fireEvent.click(drawer.getByRole('button', { name: en('app.create') })));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      type: 'regular',
      trigger: 'scheduled',
      workflowFolderId: 2,
      script: '',
      schedule: { every: 'weekly', day: 1, time: '08:30', interval: 1 },
      parameters: [{ name: 'region', type: 'text', value: 'eu' }],
      steps: [
        { action: 'callUrl', url: 'https://hooks.example/report', secret: 'sixteen-characters-at-least' },
        { action: 'convert', presetId: 6, into: 'dock', folder: '' },
        { action: 'share', to: '{{client}}', days: 5, message: '' },
        { action: 'requestApproval', reason: 'Print' },
      ],
    });
  });

  it('steps through a run’s steps and replays a failed run (R-WORKFLOW-DEBUGGER)', async () => {
    const api = fakeApi({
      ...routes,
      'GET /admin/workflows/3/runs': [
        run({
          status: 'error',
          error: WORKFLOW_MESSAGES.stepUrlFailed('HTTP 500'),
          steps: [
            {
              action: 'setField',
              input: { key: 'city', value: 'Oslo' },
              output: { from: '', to: 'Oslo' },
              status: 'completed',
              log: [],
            },
            {
              action: 'callUrl',
              input: { url: 'https://hooks.example/x' },
              output: {},
              status: 'error',
              log: [{ level: 'severe', message: 'The call to the URL failed: HTTP 500.' }],
            },
          ],
        }),
      ],
      'POST /admin/workflow-runs/12/replay': run({ id: 14, status: 'scheduled', replayOf: 12 }),
    });
    renderScreen(<AdminScreen section="workflows" />);
    fireEvent.click(
      await screen.findByRole('button', { name: en('workflow.showRuns', { name: 'Tag arrivals' }) }),
    );
    // It opens on the step in error.
    const stepHeading = await screen.findByRole('heading', {
      name: en('workflow.stepOf', { n: 2, total: 2, action: en('workflow.action.callUrl') }),
    });
    expect(stepHeading).toBeTruthy();
    expect(screen.getAllByText('The call to the URL failed: HTTP 500.').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: en('workflow.previousStep') }));
    expect(
      await screen.findByRole('heading', {
        name: en('workflow.stepOf', { n: 1, total: 2, action: en('workflow.action.setField') }),
      }),
    ).toBeTruthy();
    expect(screen.getByText(/"to": "Oslo"/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en('workflow.replay', { id: 12 }) }));
    await waitFor(() => expect(api.calls.some((call) => call.path.endsWith('/replay'))).toBe(true));
  });

  it('names the system workflows in French by their key, and one it does not know as the server says (R-WORKFLOW-SYSTEM)', () => {
    const fr = translator('fr');
    const utils = { key: 'utils', name: 'Utils workflow', description: 'Helpers', actions: [] };
    expect(systemWorkflowTexts(fr, utils)).toEqual({
      name: 'Flux de travail utilitaire',
      description: 'Les actions d’aide de l’intégration des transferts.',
    });
    expect(systemWorkflowTexts(fr, { ...utils, key: 'pre-transfer' }).name).toBe(
      'Gestionnaire de pré-transfert',
    );
    expect(systemWorkflowTexts(en, { ...utils, key: 'loading-dock-download' }).name).toBe(
      'Loading dock download',
    );
    expect(systemWorkflowTexts(fr, { ...utils, key: 'new-one' })).toEqual({
      name: 'Utils workflow',
      description: 'Helpers',
    });
  });

  it('builds a Permission workflow: the ACLs whose download asks it and the permission it answers (R-WORKFLOW-PERMISSION)', async () => {
    const api = fakeApi({
      ...routes,
      'POST /admin/workflows': { status: 201, body: { ...WORKFLOW, id: 9 } },
    });
    renderScreen(<AdminScreen section="workflows" />);
    fireEvent.click(await screen.findByRole('button', { name: en('admin.newWorkflow') }));
    const drawer = within(await screen.findByRole('dialog'));
    fireEvent.change(drawer.getByLabelText(/^Name/), { target: { value: 'Embargo gate' } });
    fireEvent.change(drawer.getByLabelText(en('workflow.type')), { target: { value: 'permission' } });
    expect(drawer.getByText(en('workflow.permissionHint'))).toBeTruthy();
    expect(drawer.getByText(en('workflow.permissionAcls'))).toBeTruthy();
    expect(await drawer.findByText('Editors')).toBeTruthy();
    fireEvent.change(drawer.getByLabelText(en('workflow.properties'), { exact: false }), {
      target: { value: 'permission=download' },
    });
    fireEvent.change(drawer.getByLabelText(en('workflow.script'), { exact: false }), {
      target: { value: 'dam.allow();' },
    });
    await act(async () => fireEvent.click(drawer.getByRole('button', { name: en('app.create') })));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      type: 'permission',
      properties: { permission: 'download' },
      script: 'dam.allow();',
    });
  });

  it('hides the trigger, its schedule and the watched folder for Login and Permission workflows: they are asked, never triggered (R-WORKFLOW-TRIGGERS)', async () => {
    const api = fakeApi({
      ...routes,
      'POST /admin/workflows': { status: 201, body: { ...WORKFLOW, id: 9 } },
    });
    renderScreen(<AdminScreen section="workflows" />);
    fireEvent.click(await screen.findByRole('button', { name: en('admin.newWorkflow') }));
    const drawer = within(await screen.findByRole('dialog'));
    fireEvent.change(drawer.getByLabelText(en('workflow.trigger')), { target: { value: 'scheduled' } });
    expect(drawer.getByText(en('workflow.schedule'))).toBeTruthy();
    for (const type of ['login', 'permission']) {
      fireEvent.change(drawer.getByLabelText(en('workflow.type')), { target: { value: type } });
      expect(drawer.queryByLabelText(en('workflow.trigger'))).toBeNull();
      expect(drawer.queryByLabelText(en('workflow.folder'))).toBeNull();
      expect(drawer.queryByText(en('workflow.schedule'))).toBeNull();
    }
    fireEvent.change(drawer.getByLabelText(en('workflow.type')), { target: { value: 'regular' } });
    expect(drawer.getByLabelText(en('workflow.trigger'))).toBeTruthy();
    fireEvent.change(drawer.getByLabelText(en('workflow.type')), { target: { value: 'login' } });
    fireEvent.change(drawer.getByLabelText(/^Name/), { target: { value: 'Greeter' } });
    fireEvent.change(drawer.getByLabelText(en('workflow.script'), { exact: false }), {
      target: { value: "log.config('hello');" },
    });
    await act(async () => fireEvent.click(drawer.getByRole('button', { name: en('app.create') })));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      type: 'login',
      trigger: 'manual',
      schedule: null,
      folderId: null,
    });
  });
});
