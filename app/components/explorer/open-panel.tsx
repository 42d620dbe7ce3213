import type { TFunction } from 'i18next';
import { FormAlert } from '~/components/ui/FormAlert';
import { explorerHref } from '~/lib/explorer';
import { BasketPanel } from './BasketPanel';
import { BinList } from '~/components/bin/BinList';
import { CopyPanel } from './CopyPanel';
import { NameList } from './NameList';
import { ExplorerPanel, PanelField, PanelForm } from './ExplorerPanel';
import type { ExplorerActionData, ExplorerData } from './ExplorerView';
import { DirectLinkPanel, SharePanel } from './LinkPanels';
import { SearchPanel } from './SearchPanel';
import { TasksPanel } from './TasksPanel';

/** The display name of a form name ("docs/" → "docs"). */
const shown = (name: string) => name.replace(/\/$/, '');

/** What a rename, a move or a delete does to the share links pointing at it (issue 42, item 6). */
function LinksNote({ links, what, t }: { links: number; what: 'rename' | 'move' | 'delete'; t: TFunction }) {
  if (links === 0) return null;
  return (
    <p className="rounded-md bg-muted px-3 py-2 text-sm" role="note">
      {t(`explorer.links.${what}`, { count: links })}
    </p>
  );
}

/**
 * The panel a URL opens above the listing (`?do=<panel>&name=…`, lib/explorer.ts PANELS), each a
 * real form or a result; null when none is open (or the caller may not use it).
 */
export function openPanel({
  data,
  actionData,
  hydrated,
  writable,
  t,
}: {
  data: ExplorerData;
  actionData?: ExplorerActionData;
  hydrated: boolean;
  /** A folder of a mount the principal may upload to. */
  writable: boolean;
  t: TFunction;
}): React.ReactNode {
  const { path, mount, can, panel } = data;
  const closeTo = explorerHref(path);
  const failed = actionData?.formError ? actionData : undefined;
  const errorOf = (intent: string) => (failed?.intent === intent ? failed.formError : undefined);
  const panelKind = panel?.kind ?? null;
  const name = panel?.names[0] ?? '';
  /** A panel's heading naming its one entry, or counting several. */
  const aboutNames = (one: string, many: string) =>
    panel && panel.names.length > 1 ? t(many, { count: panel.names.length }) : t(one, { name: shown(name) });
  if (panelKind === 'mkdir' && writable)
    return (
      <ExplorerPanel id="explorer-panel" heading={t('explorer.mkdir.heading', { path })} closeTo={closeTo}>
        <PanelForm
          intent="mkdir"
          names={[]}
          submit={t('explorer.mkdir.create')}
          busy={t('explorer.mkdir.creating')}
          closeTo={closeTo}
          error={errorOf('mkdir')}
        >
          <PanelField
            id="explorer-folder-name"
            name="folder"
            label={t('explorer.mkdir.name')}
            defaultValue={failed?.values?.folder}
            error={errorOf('mkdir')}
          />
        </PanelForm>
      </ExplorerPanel>
    );
  if (panelKind === 'rename' && panel && name)
    return (
      <ExplorerPanel
        id="explorer-panel"
        heading={t('explorer.rename.heading', { name: shown(name) })}
        closeTo={closeTo}
      >
        <LinksNote links={panel.links} what="rename" t={t} />
        <PanelForm
          intent="rename"
          names={[name]}
          submit={t('explorer.rename.submit')}
          busy={t('explorer.rename.submitting')}
          closeTo={closeTo}
          error={errorOf('rename')}
        >
          <PanelField
            id="explorer-new-name"
            name="newName"
            label={t('explorer.rename.newName')}
            defaultValue={failed?.values?.newName || shown(name)}
            error={errorOf('rename')}
          />
        </PanelForm>
      </ExplorerPanel>
    );
  if (panelKind === 'delete' && panel?.names.length)
    return (
      <ExplorerPanel
        id="explorer-panel"
        tone="danger"
        heading={
          panel.names.length === 1
            ? t('explorer.delete.headingOne', { name: shown(name) })
            : t('explorer.delete.heading', { count: panel.names.length })
        }
        closeTo={closeTo}
      >
        <p className="text-sm text-subtle">
          {data.binDays > 0 ? t('explorer.delete.bodyBin', { count: data.binDays }) : t('explorer.delete.body')}
        </p>
        <LinksNote links={panel.links} what="delete" t={t} />
        <NameList names={panel.names} />
        <PanelForm
          intent="delete"
          names={panel.names}
          submit={t('explorer.delete.confirm')}
          busy={t('explorer.delete.deleting')}
          closeTo={closeTo}
          error={errorOf('delete')}
          danger
        />
      </ExplorerPanel>
    );
  if (panelKind === 'edit' && data.edit)
    return (
      <ExplorerPanel
        id="explorer-panel"
        heading={t('explorer.edit.heading', { name: data.edit.name })}
        closeTo={closeTo}
      >
        <PanelForm
          intent="save"
          names={[data.edit.name]}
          submit={t('explorer.edit.save')}
          busy={t('explorer.edit.saving')}
          closeTo={closeTo}
          error={errorOf('save')}
        >
          <label htmlFor="explorer-content" className="field-label">
            {t('explorer.edit.content')}
          </label>
          <textarea
            id="explorer-content"
            name="content"
            defaultValue={failed?.values?.content ?? data.edit.content}
            rows={18}
            spellCheck={false}
            className="input font-mono text-sm"
          />
        </PanelForm>
      </ExplorerPanel>
    );
  if (panelKind === 'link' && name)
    return (
      <ExplorerPanel id="explorer-panel" heading={t('explorer.link.heading', { name })} closeTo={closeTo}>
        <DirectLinkPanel name={name} closeTo={closeTo} result={actionData?.link} error={errorOf('link')} />
      </ExplorerPanel>
    );
  if (panelKind === 'share' && panel?.names.length && can.share)
    return (
      <ExplorerPanel
        id="explorer-panel"
        heading={aboutNames('explorer.share.heading', 'explorer.share.headingMany')}
        closeTo={closeTo}
      >
        {!panel.shareResult && <NameList names={panel.names} />}
        <SharePanel
          names={panel.names}
          filePath={
            panel.names.length === 1 && !panel.names[0]!.endsWith('/')
              ? `${path.replace(/\/$/, '')}/${panel.names[0]}`
              : null
          }
          closeTo={closeTo}
          result={panel.shareResult ?? undefined}
          error={errorOf('share')}
          values={errorOf('share') ? failed?.values?.share : undefined}
          fieldErrors={errorOf('share') ? failed?.fieldErrors : undefined}
        />
      </ExplorerPanel>
    );
  if (panelKind === 'copy' && panel?.names.length && can.copy && data.folders)
    return (
      <ExplorerPanel
        id="explorer-panel"
        heading={aboutNames('explorer.copy.headingOne', 'explorer.copy.heading')}
        closeTo={closeTo}
      >
        {can.remove && <LinksNote links={panel.links} what="move" t={t} />}
        <CopyPanel
          names={panel.names}
          dir={path}
          closeTo={closeTo}
          canMove={can.remove}
          error={errorOf('copy')}
          askConfirm={failed?.intent === 'copy' && Boolean(failed.fieldErrors?.confirm)}
          tree={data.folders}
          newFolder={failed?.values?.newFolder}
        />
      </ExplorerPanel>
    );
  if (panelKind === 'search' && data.search)
    return (
      <ExplorerPanel id="explorer-panel" heading={t('explorer.search.heading')} closeTo={closeTo}>
        <SearchPanel dir={path} mountId={mount?.id ?? null} search={data.search} hydrated={hydrated} />
      </ExplorerPanel>
    );
  if (panelKind === 'tasks' && data.tasks)
    return (
      <ExplorerPanel id="explorer-panel" heading={t('explorer.tasks.heading')} closeTo={closeTo}>
        {errorOf('cancelTask') || errorOf('retryTask') ? (
          <FormAlert>{errorOf('cancelTask') ?? errorOf('retryTask')}</FormAlert>
        ) : null}
        <TasksPanel
          tasks={data.tasks}
          action={explorerHref(path, { do: 'tasks' })}
          refreshTo={explorerHref(path, { do: 'tasks' })}
        />
      </ExplorerPanel>
    );
  if (panelKind === 'bin' && data.bin)
    return (
      <ExplorerPanel id="explorer-panel" heading={t('bin.heading')} closeTo={closeTo}>
        {failed?.intent?.startsWith('bin') && <FormAlert>{failed.formError}</FormAlert>}
        <p className="text-sm text-subtle">{data.bin.retentionDays === 0 ? t('bin.off') : t('bin.introKey')}</p>
        <BinList
          entries={data.bin.entries}
          can={{ restore: can.upload, purge: can.remove }}
          confirm={actionData?.confirm}
          cancelTo={explorerHref(path, { do: 'bin' })}
          emptyText={t('bin.emptyHere')}
        />
      </ExplorerPanel>
    );
  if (panelKind === 'basket')
    return (
      <ExplorerPanel id="explorer-panel" heading={t('explorer.basket.heading')} closeTo={closeTo}>
        <BasketPanel hydrated={hydrated} />
      </ExplorerPanel>
    );
  return null;
}
