/** /500 (docs/routes-and-loading.md "Route table", error pages): addressable on its own; the same result renders in place elsewhere. */
import React from 'react';
import ExceptionResult from '../../../components/ExceptionResult';

export default function Exception500Page() {
  return <ExceptionResult code={500} />;
}
