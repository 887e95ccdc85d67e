import { describe, expect, it, vi } from 'vitest';
import { type CalcEditorTransport, createCalcEditorApi } from './calcEditorApi';

const failure = (status: number, message: string, details?: unknown) =>
  Object.assign(new Error(message), { status, details });

const describeRequest = { calculation: '[A] * 2', variables: [{ name: 'A', type: 'Int32' }] };

describe('the editor’s calls', () => {
  it('sends AI describe the spec’s fields, variables named in brackets', async () => {
    const transport = vi.fn<CalcEditorTransport>(async () => ({
      Description: 'Doubles A.',
      Steps: ['Read A.'],
    }));
    const result = await createCalcEditorApi(transport).describe({
      ...describeRequest,
      appName: 'CRM',
      pageName: 'Home',
    });
    expect(transport).toHaveBeenCalledWith(
      'POST',
      '/aiApi/data/v1/AiCalculation/describe',
      {
        AppName: 'CRM',
        PageName: 'Home',
        Calculation: '[A] * 2',
        Variables: [{ Name: '[A]', TypeName: 'Int32', TypeRef: null, IsList: false, IsDynamicType: false }],
      },
      undefined,
    );
    expect(result).toEqual({ isError: false, description: 'Doubles A.', steps: ['Read A.'] });
  });

  it("names the record's type to AI describe when the editor has one", async () => {
    const transport = vi.fn<CalcEditorTransport>(async () => ({ Description: 'Doubles A.', Steps: [] }));
    await createCalcEditorApi(transport).describe({ ...describeRequest, contextType: 'crm:opportunity' });
    expect(transport.mock.calls[0]![2]).toMatchObject({ ContextType: 'crm:opportunity' });
  });

  it('AI describe: IsError gives the description as an error result', async () => {
    const api = createCalcEditorApi(async () => ({
      IsError: true,
      Description: 'It has an error.',
      Message: 'x',
    }));
    expect(await api.describe(describeRequest)).toEqual({ isError: true, description: 'It has an error.' });
  });

  it('AI describe: a 403 is a displayable message, not a failure', async () => {
    const api = createCalcEditorApi(async () => {
      throw failure(403, 'You may not use AI in this account.');
    });
    expect(await api.describe(describeRequest)).toEqual({
      isError: true,
      description: 'You may not use AI in this account.',
    });
  });

  it('AI describe: another failure throws the server’s message, else Unexpected response', async () => {
    const withMessage = createCalcEditorApi(async () => {
      throw failure(500, 'Boom');
    });
    await expect(withMessage.describe(describeRequest)).rejects.toThrow('Boom');
    const without = createCalcEditorApi(async () => {
      throw { status: 502 };
    });
    await expect(without.describe(describeRequest)).rejects.toThrow('Unexpected response');
  });

  it('AI generate: any failure is an empty calculation with the message', async () => {
    const down = createCalcEditorApi(async () => {
      throw failure(503, 'Service Unavailable');
    });
    expect(await down.generate({ prompt: 'x', variables: [], currentCalculation: '' })).toEqual({
      calculation: '',
      isError: true,
      errorMessage: 'AI Generate is currently unavailable. Please try again later.',
    });
    const refused = createCalcEditorApi(async () => ({
      Calculation: '',
      IsError: true,
      ErrorMessage: 'Too vague.',
    }));
    expect(await refused.generate({ prompt: 'x', variables: [], currentCalculation: '' })).toEqual({
      calculation: '',
      isError: true,
      errorMessage: 'Too vague.',
    });
  });

  it('asks for function help once per type, and again after a failure', async () => {
    let fail = true;
    const transport = vi.fn<CalcEditorTransport>(async () => {
      if (fail) throw failure(500, 'x');
      return { functions: [], fields: [], relationships: [] };
    });
    const api = createCalcEditorApi(transport);
    await expect(api.functions('crm:opportunity')).rejects.toThrow();
    fail = false;
    await api.functions('crm:opportunity');
    await api.functions('crm:opportunity');
    expect(transport).toHaveBeenCalledTimes(2);
    expect(transport).toHaveBeenLastCalledWith(
      'GET',
      '/spapi/data/v1/calceditor/functions?entityTypeId=crm%3Aopportunity',
      undefined,
      undefined,
    );
  });

  it('reads AI Generate’s feature flag; a failed read means off', async () => {
    expect(
      await createCalcEditorApi(async () => ({ aiGenerate: true, aiExplain: true })).isAiGenerateEnabled(),
    ).toBe(true);
    expect(
      await createCalcEditorApi(async () => {
        throw failure(500, 'x');
      }).isAiGenerateEnabled(),
    ).toBe(false);
  });
});
