/**
 * The recycle bin's handler of report templates (type 'report_template'): restore clears the
 * soft-delete mark (names need not be unique, so nothing can clash); purge deletes the row, its
 * versions and renders by cascade (their output documents stay: they are evidence of their own).
 * Registered on import (report-templates.routes.ts).
 */
import { registerRecyclable } from '../../core/recycle.registry';
import { findTemplateAny, markTemplateDeleted, purgeTemplate } from './report-templates.repository';
import { templateNotFound } from './report-templates.service';

registerRecyclable({
  type: 'report_template',
  async restore(tx, id) {
    if (!(await findTemplateAny(tx, id))) throw templateNotFound();
    await markTemplateDeleted(tx, id, null, false);
  },
  async purge(tx, id) {
    await purgeTemplate(tx, id);
  },
});
