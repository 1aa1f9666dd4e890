// The product's gallery: photos in order (the first is the main photo), each with its alt
// text and, optionally, the option value it shows (the colour Blue, say). Photos are
// added from a multiple file input (at most 12 in all), removed, and reordered by drag and
// drop or by the keyboard: Move Up and Move Down keep the focus on the moved photo and a
// live region says where it went.
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useObjectUrl } from './useObjectUrl';
import { MAX_ALT, MAX_PHOTOS, PHOTO_TYPES, TEXTS, moveItem, newId } from './variants';

const THUMB = { width: 96, height: 72 };

// The stored photo's smallest rendition is plenty for a thumbnail.
function storedThumb(photo) {
  if (!photo.url) return null;
  if (!photo.widths?.length) return photo.url;
  return `${photo.url}${photo.url.includes('?') ? '&' : '?'}w=${Math.min(...photo.widths)}`;
}

// How a photo is named in messages: its alt text, else its file's name, else its place.
const photoName = (photo, index) => photo.alt.trim() || photo.file?.name || `photo ${index + 1}`;

function Thumb({ photo, alt }) {
  const blob = useObjectUrl(photo.file ?? null);
  const src = photo.file ? blob : storedThumb(photo);
  return src ? (
    <img
      src={src}
      alt={alt}
      width={THUMB.width}
      height={THUMB.height}
      style={{ ...THUMB, objectFit: 'cover' }}
      className="rounded border"
      draggable={false}
    />
  ) : (
    <span className="d-inline-block rounded border bg-body-tertiary" style={THUMB} />
  );
}

export default function GalleryEditor({ photos, choices, serverError, onChange }) {
  const id = useId();
  const list = useRef(null);
  const fileInput = useRef(null);
  // Where the focus goes once the list has re-rendered: `{ key, action }` or 'input'.
  const focusNext = useRef(null);
  const [announcement, setAnnouncement] = useState('');
  const [refused, setRefused] = useState(null);
  const [dragging, setDragging] = useState(null);
  const [over, setOver] = useState(null);

  useLayoutEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    if (target === 'input') {
      fileInput.current?.focus();
      return;
    }
    const item = list.current?.querySelector(`[data-photo="${target.key}"]`);
    if (!item) return;
    // The same button when it still works; at the top (or bottom) the other move button.
    const usable = (action) => {
      const button = item.querySelector(`[data-action="${action}"]`);
      return button && !button.disabled ? button : null;
    };
    const other = target.action === 'up' ? 'down' : 'up';
    (usable(target.action) ?? usable(other) ?? item.querySelector('input'))?.focus();
  });

  function move(from, to, action) {
    if (from < 0 || to < 0 || to >= photos.length || from === to) return;
    const photo = photos[from];
    onChange(moveItem(photos, from, to));
    focusNext.current = action ? { key: photo.key, action } : null;
    setAnnouncement(`Moved ${photoName(photo, from)} to position ${to + 1} of ${photos.length}.`);
  }

  function remove(index) {
    const photo = photos[index];
    const neighbour = photos[index + 1] ?? photos[index - 1];
    onChange(photos.filter((_, i) => i !== index));
    focusNext.current = neighbour ? { key: neighbour.key, action: 'remove' } : 'input';
    setRefused(null);
    setAnnouncement(`Removed ${photoName(photo, index)}.`);
  }

  function add(event) {
    const files = Array.from(event.target.files ?? []);
    // Emptied, so that choosing the same file again is a change too.
    event.target.value = '';
    if (files.length === 0) return;
    const room = Math.max(MAX_PHOTOS - photos.length, 0);
    const taken = files.slice(0, room);
    setRefused(files.length > taken.length ? TEXTS.photosFull(files.length - taken.length) : null);
    if (taken.length === 0) return;
    onChange([
      ...photos,
      ...taken.map((file) => ({ key: newId('p'), file, alt: '', option: null })),
    ]);
    setAnnouncement(`${taken.length} ${taken.length === 1 ? 'photo' : 'photos'} added.`);
  }

  const update = (index, changes) =>
    onChange(photos.map((photo, i) => (i === index ? { ...photo, ...changes } : photo)));

  return (
    <fieldset className="mb-3">
      <legend className="h5">Gallery</legend>
      <label htmlFor={`${id}-add`} className="form-label">
        Add photos
      </label>
      <input
        id={`${id}-add`}
        ref={fileInput}
        type="file"
        multiple
        accept={PHOTO_TYPES}
        className={`form-control${refused ? ' is-invalid' : ''}`}
        aria-describedby={`${id}-help${refused ? ` ${id}-refused` : ''}`}
        onChange={add}
      />
      <div id={`${id}-help`} className="form-text">
        {photos.length} of {MAX_PHOTOS} photos. The first is the main photo. Drag a photo, or use
        Move Up and Move Down, to change the order.
      </div>
      {refused ? (
        <div id={`${id}-refused`} className="invalid-feedback d-block" role="alert">
          {refused}
        </div>
      ) : null}
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
      {photos.length ? (
        <ol className="list-unstyled mt-2 mb-0" ref={list} aria-label="Gallery photos">
          {photos.map((photo, index) => {
            const n = index + 1;
            const name = photoName(photo, index);
            return (
              <li
                key={photo.key}
                data-photo={photo.key}
                className={`d-flex flex-wrap gap-2 border rounded p-2 mb-2${
                  over === photo.key && dragging !== photo.key ? ' border-primary border-2' : ''
                }${dragging === photo.key ? ' opacity-50' : ''}`}
                onDragOver={(event) => {
                  if (!dragging) return;
                  event.preventDefault();
                  event.dataTransfer.dropEffect = 'move';
                  setOver(photo.key);
                }}
                onDragLeave={() => setOver((current) => (current === photo.key ? null : current))}
                onDrop={(event) => {
                  if (!dragging) return;
                  event.preventDefault();
                  move(
                    photos.findIndex((p) => p.key === dragging),
                    index,
                    null,
                  );
                  setDragging(null);
                  setOver(null);
                }}
              >
                <div
                  draggable
                  className="d-flex align-items-center gap-1"
                  style={{ cursor: 'grab' }}
                  title="Drag to change the order"
                  onDragStart={(event) => {
                    event.dataTransfer.effectAllowed = 'move';
                    // Firefox starts a drag only with some data set.
                    event.dataTransfer.setData('text/plain', photo.key);
                    setDragging(photo.key);
                  }}
                  onDragEnd={() => {
                    setDragging(null);
                    setOver(null);
                  }}
                >
                  <span aria-hidden="true" className="text-body-secondary">
                    ⠿
                  </span>
                  <Thumb photo={photo} alt={`Photo ${n}: ${name}`} />
                </div>
                <div className="flex-grow-1" style={{ minWidth: '14rem' }}>
                  <p className="mb-1 fw-semibold">
                    Photo {n}
                    {index === 0 ? ' (main photo)' : ''}
                  </p>
                  <div className="row g-2">
                    <div className="col-sm-7">
                      <label htmlFor={`${id}-${photo.key}-alt`} className="form-label small">
                        Alt text for photo {n}
                      </label>
                      <input
                        id={`${id}-${photo.key}-alt`}
                        type="text"
                        className="form-control form-control-sm"
                        placeholder="What the photo shows"
                        maxLength={MAX_ALT}
                        value={photo.alt}
                        onChange={(event) => update(index, { alt: event.target.value })}
                      />
                    </div>
                    {choices.length ? (
                      <div className="col-sm-5">
                        <label htmlFor={`${id}-${photo.key}-option`} className="form-label small">
                          Option value for photo {n}
                        </label>
                        <select
                          id={`${id}-${photo.key}-option`}
                          className="form-select form-select-sm"
                          value={photo.option ?? ''}
                          onChange={(event) =>
                            update(index, { option: event.target.value || null })
                          }
                        >
                          <option value="">None</option>
                          {choices.map((group) => (
                            <optgroup key={group.label} label={group.label}>
                              {group.values.map((value) => (
                                <option key={value} value={value}>
                                  {value}
                                </option>
                              ))}
                            </optgroup>
                          ))}
                        </select>
                      </div>
                    ) : null}
                  </div>
                  <div className="d-flex flex-wrap gap-1 mt-2">
                    <button
                      type="button"
                      className="btn btn-outline-secondary btn-sm"
                      data-action="up"
                      aria-label={`Move Up photo ${n}`}
                      disabled={index === 0}
                      onClick={() => move(index, index - 1, 'up')}
                    >
                      Move Up
                    </button>
                    <button
                      type="button"
                      className="btn btn-outline-secondary btn-sm"
                      data-action="down"
                      aria-label={`Move Down photo ${n}`}
                      disabled={index === photos.length - 1}
                      onClick={() => move(index, index + 1, 'down')}
                    >
                      Move Down
                    </button>
                    <button
                      type="button"
                      className="btn btn-outline-danger btn-sm"
                      data-action="remove"
                      aria-label={`Remove photo ${n}`}
                      onClick={() => remove(index)}
                    >
                      Remove
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
      {serverError ? (
        // The server's word on the photos; focused when it is the first error.
        <div className="invalid-feedback d-block" tabIndex={-1} data-field="gallery photos">
          {serverError}
        </div>
      ) : null}
    </fieldset>
  );
}
