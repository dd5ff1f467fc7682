/**
 * What field components need beyond one value: the application (pickers search in it, files are
 * uploaded to it), the names the page's answer gave for ids (`labels`: users and related records;
 * `files`: attachments) and where a related record opens. Pages wrap grids and forms in a
 * FieldContextProvider; FieldValue/FieldInput read it (explicit props win).
 */
import React, { createContext, useContext } from 'react';
import type { Attachment } from '../../../contracts';

export interface FieldContextValue {
  /** The application's slug. */
  app: string;
  /** The subject the values belong to (uploads name it). */
  subjectKey?: string;
  /** User and record ids → display text (the page's `labels`). */
  labels: Record<string, string>;
  /** Attachment ids → metadata (the page's `files`). */
  files: Record<string, Attachment>;
  /** The link of a related record (target subject id, record id); undefined = plain text. */
  recordHref?: (targetSubjectId: string | undefined, recordId: string) => string | undefined;
}

const Ctx = createContext<FieldContextValue>({ app: '', labels: {}, files: {} });

/** Provides the field context to the fields below (callers memoise `value`). */
export function FieldContextProvider({ value, children }: { value: FieldContextValue; children: React.ReactNode }) {
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

/** The nearest field context (an empty one outside any provider). */
export function useFieldContext(): FieldContextValue {
  return useContext(Ctx);
}
