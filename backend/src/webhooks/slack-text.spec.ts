import { describe, expect, it } from '@jest/globals';
import { slackPlainText, slackPlainTextSql } from './slack-text.js';

describe(slackPlainText.name, () => {
  it('escapes & < > as Slack asks, once each', () => {
    expect(slackPlainText('Engines & Co <!channel> &amp;')).toBe('Engines &amp; Co &lt;！channel&gt; &amp;amp;');
  });

  it('leaves no Markdown, link, image, mention or line break', () => {
    expect(slackPlainText('*b* _i_ ~s~ `c` [t](https://x.example) ![i](u) @here @all @ann\nline')).toBe(
      '＊b＊ ＿i＿ ～s～ ｀c｀ ［t］（https://x.example） ！［i］（u） ＠here ＠all ＠ann line',
    );
  });

  it('leaves ordinary names as they are', () => {
    expect(slackPlainText("Zoë O'Brien-Smith, Jr.")).toBe("Zoë O'Brien-Smith, Jr.");
  });

  it('builds the same in SQL from one list (quotes in literals doubled)', () => {
    const sql = slackPlainTextSql('s.name');
    expect(sql).toMatch(
      /^translate\(replace\(replace\(replace\(s\.name, '&', '&amp;'\), '<', '&lt;'\), '>', '&gt;'\), '\[\]\(\)!\*_~`@/,
    );
  });
});
