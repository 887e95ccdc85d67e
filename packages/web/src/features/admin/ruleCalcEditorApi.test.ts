import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../api/apiClient';
import { compileAnswerOfRuleCheck, ruleCalcEditorApi, ruleDescribeBody } from './ruleCalcEditorApi';

describe("the rule check as the expression editor's compile", () => {
  it('marks each diagnostic at its line, column and length, errors first in the answer', () => {
    const answer = compileAnswerOfRuleCheck({
      ok: false,
      diagnostics: [
        { severity: 'warning', message: 'Division by zero.', line: 1, column: 5, length: 3 },
        { severity: 'error', message: "'nosuch' is not a recognised field.", line: 2, column: 3, length: 8 },
      ],
    });
    expect(answer.messages).toEqual([
      { msgType: 'Warning', message: 'Division by zero.', location: { line: 1, col: 5, length: 3 } },
      {
        msgType: 'Error',
        message: "'nosuch' is not a recognised field.",
        location: { line: 2, col: 3, length: 8 },
      },
    ]);
    expect(answer.error).toBe("'nosuch' is not a recognised field.");
    expect(answer.warning).toBe('Division by zero.');
  });

  it('reads a diagnostic from a server without lengths as a point', () => {
    const answer = compileAnswerOfRuleCheck({
      ok: false,
      diagnostics: [{ severity: 'error', message: 'No.', line: 1, column: 1 }],
    });
    expect(answer.messages[0]?.location).toEqual({ line: 1, col: 1, length: 0 });
  });

  it('is a Boolean with no error when the save would accept the rule', () => {
    expect(compileAnswerOfRuleCheck({ ok: true, diagnostics: [] })).toMatchObject({
      resultType: 'Bool',
      error: null,
      messages: [],
    });
  });

  it('asks the rule check for the chosen type, and asks for a type before one is chosen', async () => {
    const asked: Array<[number, string]> = [];
    const api = ruleCalcEditorApi(new ApiClient(), {
      checkRule: async (typeId, calculation) => {
        asked.push([typeId, calculation]);
        return { ok: true, diagnostics: [] };
      },
    });
    expect((await api.compile({ expr: '[x] = currentuser()', context: 10_010 })).error).toBeNull();
    expect(asked).toEqual([[10_010, '[x] = currentuser()']]);
    expect((await api.compile({ expr: '1 = 1' })).error).toBe('Choose a type.');
    expect(asked).toHaveLength(1);
  });
});

describe('AI Explain of a rule', () => {
  it("is asked for the rule's type, with currentuser() as the CurrentUser record", () => {
    expect(
      ruleDescribeBody(
        { Calculation: '[securityOwner] = CurrentUser( )', Variables: [], AppName: null },
        10_010,
      ),
    ).toEqual({
      AppName: null,
      ContextType: 10_010,
      Calculation: '[securityOwner] = @CurrentUser',
      Variables: [{ Name: '[CurrentUser]', TypeName: 'Entity', TypeRef: 9, IsList: false }],
    });
  });
});
