/** The starter bodies of new templates: a record's fields and related lists, or a query's rows. */
import { loopSnippet, queryStarterBody, starterBody } from './starter';

describe('starter bodies', () => {
  it('loops over a query’s rows with a column per query column, bracketed (names may hold dots)', () => {
    const body = queryStarterBody('Big fees <2026>', ['title', 'client.name']);
    expect(body).toContain('<h1>Big fees &lt;2026&gt; ({{ rows | size }})</h1>');
    expect(body).toContain('{% for r in rows %}');
    expect(body).toContain('<td>{{ r["title"] }}</td><td>{{ r["client.name"] }}</td>');
    expect(body).toContain('<th>client.name</th>');
  });

  it('strips quotes and backslashes from a column name inside the placeholder', () => {
    expect(queryStarterBody('q', ['a"b\\c'])).toContain('{{ r["abc"] }}');
  });

  it('a record’s fields as a table, a related list as a loop over its records', () => {
    const body = starterBody('Audit', [{ key: 'title', name: 'Title', type: 'text' }], [
      { key: 'findings', name: 'Findings', fields: [{ key: 'title', name: 'Title', type: 'text' }] },
    ]);
    expect(body).toContain('<tr><th>Title</th><td>{{ record.title }}</td></tr>');
    expect(body).toContain(loopSnippet('findings', [{ key: 'title', name: 'Title', type: 'text' }]));
  });
});
