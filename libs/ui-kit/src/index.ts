import './styles/global.css';

export {
  ADDRESS_DEBOUNCE,
  AddressInput,
  type AddressInputProps,
  type AddressSuggestion,
} from './components/address-input/address-input';
export {
  Avatar,
  avatarPlaceholder,
  type AvatarGender,
  type AvatarPlaceholder,
  type AvatarProps,
  type AvatarRole,
} from './components/avatar/avatar';
export { Badge, type BadgeProps, type BadgeTone } from './components/badge/badge';
export { BellLink, type BellLinkProps, unreadPhrase } from './components/bell-link/bell-link';
export {
  Button,
  buttonClassName,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
} from './components/button/button';
export { ButtonLink, type ButtonLinkProps } from './components/button/button-link';
export { ButtonPageLink, type ButtonPageLinkProps } from './components/button/button-page-link';
export {
  Calendar,
  type CalendarProps,
  type CalendarRangeProps,
  type CalendarSingleProps,
} from './components/calendar/calendar';
export { nextRange, type CalendarRange } from './components/calendar/date-range';
export { Checkbox, type CheckboxProps } from './components/checkbox/checkbox';
export { CityFilter, type CityFilterProps } from './components/city-filter/city-filter';
export { DateInput, type DateInputProps } from './components/date-input/date-input';
export { Dropdown, type DropdownItem, type DropdownProps } from './components/dropdown/dropdown';
export { Fact, FactList, type FactListProps } from './components/fact-list/fact-list';
export { ExpandablePanel, type ExpandablePanelProps } from './components/expandable-panel/expandable-panel';
export {
  controlClassName,
  Field,
  FieldMessage,
  fieldDescribedBy,
  type FieldProps,
} from './components/field/field';
export { FilePicker, formatFileSize, type FilePickerProps } from './components/file-picker/file-picker';
export {
  Card,
  Cluster,
  Section,
  Stack,
  type CardPadding,
  type CardProps,
  type ClusterProps,
  type SectionProps,
  type Space,
  type StackProps,
} from './components/layout/layout';
export {
  AsyncList,
  EmptyState,
  ErrorState,
  ListSkeleton,
  MissingRecord,
  PageSkeleton,
  SkeletonLine,
  type AsyncListProps,
  type EmptyStateProps,
  type ErrorStateProps,
  type ListSkeletonProps,
  type ListTexts,
  type MissingRecordProps,
  type SkeletonLineSize,
} from './components/load-states/load-states';
export { LoadingWrapper, type LoadingWrapperProps } from './components/loading-wrapper/loading-wrapper';
export { MODAL_DRAG_CLOSE_DISTANCE, Modal, type ModalProps } from './components/modal/modal';
export { Notice, type NoticeProps } from './components/notice/notice';
export { Pager, type PagerButtonProps, type PagerLinkProps, type PagerProps } from './components/pager/pager';
export { ButtonPager, type ButtonPagerProps } from './components/pager/button-pager';
export { PhoneInput, type PhoneInputProps, type PhoneValue } from './components/phone-input/phone-input';
export { ProgressBar, type ProgressBarProps } from './components/progress-bar/progress-bar';
export { progressBarTimings, type ProgressState } from './components/progress-bar/progress-phase';
export { RadioGroup, type RadioGroupProps, type RadioOption } from './components/radio-group/radio-group';
export { SEARCH_DEBOUNCE, SearchBox, type SearchBoxProps } from './components/search-box/search-box';
export { Select, type SelectOption, type SelectProps } from './components/select/select';
export { ToastProvider, type ToastProviderProps } from './components/toast/toast-provider';
export { useToast, useToastIfShown } from './components/toast/toast-context';
export {
  TOAST_LIFETIME,
  TOAST_TRANSITION,
  createToastStore,
  toast,
  type ToastApi,
  type ToastDirection,
  type ToastItem,
  type ToastOptions,
  type ToastStore,
  type ToastType,
} from './components/toast/toast-store';
export { SubmitForm, type SubmitFormProps } from './components/submit-form/submit-form';
export { useZodForm, type ZodFormOptions } from './components/submit-form/use-zod-form';
export {
  FormField,
  type FieldControl,
  type FormFieldProps,
  type ValueChange,
} from './components/submit-form/form-field';
export { TextArea, type TextAreaProps } from './components/text-area/text-area';
export { TextInput, type TextInputProps } from './components/text-input/text-input';
export { Tooltip, type TooltipProps } from './components/tooltip/tooltip';
/**
 * Markdown rendering and HTML sanitizing (marked + DOMPurify) load on demand: a static export here would put them
 * in every page's first load.
 */
export const loadSafeHtml = () => import('./lib/safe-html');
export {
  useAddressList,
  type AddressListCodec,
  type AddressListState,
  type ShowOptions,
} from './lib/use-address-list';
export { PageLink, PageLinkContext, type PageLinkProps } from './lib/page-link';
export { useCheckedField, type CheckedField, type FieldCheck } from './lib/use-checked-field';
export { useDebouncedCallback, type DebouncedCallback } from './lib/use-debounced-callback';
export {
  Island,
  IslandPlaceholders,
  ISLAND_ATTRIBUTE,
  ISLAND_PROPS_ATTRIBUTE,
  islandIdPrefix,
  type IslandProps,
} from './lib/island';
export { FailedRead, type ReloadRetryProps } from './lib/reload-retry';
export { loadReloadRetryIsland, RELOAD_RETRY_ISLAND } from './lib/reload-retry-island';
export {
  LIST_ACTION_ATTRIBUTE,
  LIST_RESULTS_ATTRIBUTE,
  showListAt,
  useIslandAddressList,
  type ListAction,
  type ShowListOptions,
} from './lib/island-list';
export {
  DocumentHeadContext,
  useDocumentTitle,
  useServerTitle,
  type DocumentHead,
} from './lib/use-document-title';
export { ClockProvider, useClock, type ClockProviderProps } from './lib/clock';
export { useToday } from './lib/today';
export {
  formatDateRange,
  formatDay,
  formatDayRange,
  formatDeadline,
  formatEventDay,
  isAhead,
} from '@fed/calendar';
export { useMediaQuery } from './lib/use-media-query';
export { breakpoints, mediaDown, mediaUp, type Breakpoint } from './tokens/breakpoints';
export {
  addressChoice,
  addressPage,
  addressText,
  listSearch,
  writeAddressParams,
  type ListFilterChange,
  type ListFiltersProps,
} from './lib/list-filters';
export { default as cardLinkStyles } from './styles/card-link.module.css';
export { default as listPageStyles } from './styles/list-page.module.css';
export { default as formLayoutStyles } from './styles/form-layout.module.css';
export { FormPart, type FormPartProps } from './components/form-part/form-part';
export {
  AddressListResults,
  type AddressListAnswer,
  type AddressListResultsProps,
  type AddressListTexts,
} from './components/address-list-results/address-list-results';
export { FoldingFilters, type FoldingFiltersProps } from './components/folding-filters/folding-filters';
export { registerClearingBox } from './lib/register-clearing-box';
