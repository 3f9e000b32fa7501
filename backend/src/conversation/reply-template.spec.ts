import { describe, expect, it } from '@jest/globals';
import { firstNameOf, renderTemplate, unknownVariables } from './reply-template.js';

const values = {
  'lead.name': '{{me.name}}',
  'lead.firstName': 'Ada',
  'lead.company': 'Engines',
  'lead.interest': 'Partnership Opportunities',
  'me.name': 'Mia',
  'me.bookingUrl': 'https://cal.com/mia?name=%7B%7Bme.name%7D%7D',
};

describe('reply templates', () => {
  it('names each unknown variable once', () => {
    expect(unknownVariables('Hi {{lead.name}}, {{ lead.age }} {{lead.age}} {{me.email}}')).toEqual(['lead.age', 'me.email']);
    expect(unknownVariables('Hi {{ lead.firstName }}, book: {{me.bookingUrl}}')).toEqual([]);
  });

  it('renders in one pass: a value is never read as a template', () => {
    expect(renderTemplate('Dear {{lead.name}} of {{ lead.company }}, {{me.name}}', values)).toBe(
      'Dear {{me.name}} of Engines, Mia',
    );
  });

  it('takes the first word of the name', () => {
    expect(firstNameOf('  Ada  King Lovelace ')).toBe('Ada');
  });
});
