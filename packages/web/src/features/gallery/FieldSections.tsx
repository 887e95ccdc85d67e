import { CalendarDate, CalendarDateTime, Time } from '@internationalized/date';
import {
  Checkbox,
  DateInput,
  LazyRichTextEditor,
  LinkText,
  NumericInput,
  type PickerDataSource,
  RecordPicker,
  SelectList,
  TextInput,
  Toggle,
} from '@plinth/fields';
import { useEffect, useState } from 'react';
import { GallerySection, type GalleryState, StateGrid, stateProps } from './StateGrid';

const stages = [
  { id: 1, label: 'Prospecting', colour: '#7a869a' },
  { id: 2, label: 'Qualification', colour: '#2454d6' },
  { id: 3, label: 'Proposal', colour: '#a55c00' },
  { id: 4, label: 'Closed Won', colour: '#1c7c3c' },
  { id: 5, label: 'Closed Lost', colour: '#c0262d' },
];

const filled = (state: GalleryState) => state !== 'Empty';
const focus = (state: GalleryState) => state === 'Focused';

/** Every form-field building block in each state. */
export function FieldSections({ pickerData }: { pickerData: PickerDataSource }) {
  // A real demo contact for the filled picker states.
  const [sampleContact, setSampleContact] = useState<number[] | null>(null);
  useEffect(() => {
    pickerData
      .fetchPage({ config: { typeId: 'crm:contact' }, search: '', startIndex: 0, pageSize: 1 })
      .then((page) => setSampleContact(page.rows.slice(0, 1).map((row) => row.id)))
      .catch(() => setSampleContact([]));
  }, [pickerData]);
  return (
    <>
      <GallerySection id="text" title="Text input">
        <StateGrid
          render={(state) => (
            <TextInput
              label="Account name"
              maxLength={80}
              placeholder="Type a name"
              {...stateProps(state)}
              {...(filled(state) && state !== 'Focused' ? { defaultValue: 'Acme Pty Ltd' } : {})}
              {...(focus(state) ? { autoFocus: true } : {})}
            />
          )}
        />
      </GallerySection>
      <GallerySection id="textarea" title="Text area">
        <StateGrid
          render={(state) => (
            <TextInput
              label="Description"
              isMultiline
              {...stateProps(state)}
              {...(filled(state) ? { defaultValue: 'Long-standing customer.\nPrefers email.' } : {})}
            />
          )}
        />
      </GallerySection>
      <GallerySection id="numeric" title="Numeric input">
        <StateGrid
          render={(state) => (
            <NumericInput
              label="Employees"
              min={0}
              max={100000}
              {...stateProps(state)}
              {...(filled(state) ? { defaultValue: state === 'Error' ? 100000 : 42 } : {})}
            />
          )}
        />
      </GallerySection>
      <GallerySection id="decimal" title="Decimal input">
        <StateGrid
          render={(state) => (
            <NumericInput
              label="Probability"
              isFloating
              decimalPlaces={2}
              min={0}
              max={100}
              {...stateProps(state)}
              {...(filled(state) ? { defaultValue: 37.5 } : {})}
            />
          )}
        />
      </GallerySection>
      <GallerySection id="currency" title="Currency input">
        <StateGrid
          render={(state) => (
            <NumericInput
              label="Amount"
              isCurrency
              {...stateProps(state)}
              {...(filled(state) ? { defaultValue: 1250 } : {})}
            />
          )}
        />
      </GallerySection>
      <GallerySection id="date" title="Date input">
        <StateGrid
          render={(state) => (
            <DateInput
              kind="date"
              label="Close date"
              min={new CalendarDate(2020, 1, 1)}
              max={new CalendarDate(2035, 12, 31)}
              {...stateProps(state)}
              {...(filled(state) ? { defaultValue: new CalendarDate(2026, 11, 22) } : {})}
            />
          )}
        />
      </GallerySection>
      <GallerySection id="time" title="Time input">
        <StateGrid
          render={(state) => (
            <DateInput
              kind="time"
              label="Starts at"
              {...stateProps(state)}
              {...(filled(state) ? { defaultValue: new Time(9, 30) } : {})}
            />
          )}
        />
      </GallerySection>
      <GallerySection id="datetime" title="Date-time input">
        <StateGrid
          render={(state) => (
            <DateInput
              kind="dateTime"
              label="Meeting"
              {...stateProps(state)}
              {...(filled(state) ? { defaultValue: new CalendarDateTime(2026, 11, 22, 14, 15) } : {})}
            />
          )}
        />
      </GallerySection>
      <GallerySection id="toggle" title="Toggle switch and checkbox">
        <StateGrid
          render={(state) => (
            <div className="pl-gallery__pair">
              <Toggle
                label="Active"
                {...stateProps(state)}
                {...(filled(state) ? { defaultValue: true } : {})}
              />
              <Checkbox
                label="Agreed"
                {...stateProps(state)}
                {...(filled(state) ? { defaultValue: true } : {})}
              />
            </div>
          )}
        />
      </GallerySection>
      <GallerySection id="select" title="Single select with search">
        <StateGrid
          render={(state) => (
            <SelectList
              label="Stage"
              options={stages}
              {...stateProps(state)}
              {...(filled(state) ? { defaultValue: [2] } : {})}
            />
          )}
        />
      </GallerySection>
      <GallerySection id="multiselect" title="Multi select with search">
        <StateGrid
          render={(state) => (
            <SelectList
              label="Stages"
              isMulti
              options={stages}
              {...stateProps(state)}
              {...(filled(state) ? { defaultValue: [1, 4] } : {})}
            />
          )}
        />
      </GallerySection>
      <GallerySection id="picker" title="Record picker (demo contacts)">
        <StateGrid
          render={(state) => (
            <RecordPicker
              label="Contact"
              entityTypeName="Contact"
              config={{ typeId: 'crm:contact' }}
              dataSource={pickerData}
              {...stateProps(state)}
              {...(filled(state) && state !== 'Focused' && sampleContact ? { value: sampleContact } : {})}
            />
          )}
        />
      </GallerySection>
      <GallerySection id="multipicker" title="Record picker, several (demo accounts)">
        <RecordPicker
          label="Accounts"
          entityTypeName="Account"
          isMulti
          config={{ typeId: 'crm:account' }}
          dataSource={pickerData}
        />
      </GallerySection>
      <GallerySection id="richtext" title="Rich-text editor (loaded on demand)">
        <div className="pl-gallery__wide">
          <LazyRichTextEditor
            label="Notes"
            placeholder="Write the meeting notes"
            maxLength={500}
            images={[
              {
                tag: 'logo',
                name: 'Logo',
                url: 'data:image/svg+xml;utf8,<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="%232454d6"/></svg>',
              },
            ]}
          />
          <LazyRichTextEditor
            label="Read-only notes"
            isReadOnly
            defaultValue="<p><strong>Signed</strong> the contract. See <a href='https://example.com'>example.com</a>.</p>"
          />
        </div>
      </GallerySection>
      <GallerySection id="links" title="Links in read-only text">
        <ul className="pl-gallery__links">
          {[
            'https://example.com',
            'www.example.com',
            'ada@example.com',
            '+61 2 9999 0000',
            'javascript:alert(1)',
            'Plain words',
          ].map((value) => (
            <li key={value}>
              <LinkText value={value} />
            </li>
          ))}
        </ul>
      </GallerySection>
    </>
  );
}
