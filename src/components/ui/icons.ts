// Every icon the site shows: one set (Lucide), each a plain SVG component (./icon.tsx). An icon
// not listed here is added here, so the set stays one. Unused ones are left out of each bundle.
import {
  Activity as ActivityShapes,
  AlertTriangle as AlertTriangleShapes,
  ArrowLeft as ArrowLeftShapes,
  ArrowRight as ArrowRightShapes,
  AtSign as AtSignShapes,
  BadgeCheck as BadgeCheckShapes,
  BookOpen as BookOpenShapes,
  Bot as BotShapes,
  Briefcase as BriefcaseShapes,
  Building2 as Building2Shapes,
  CalendarCheck2 as CalendarCheck2Shapes,
  CalendarCheck as CalendarCheckShapes,
  CalendarClock as CalendarClockShapes,
  CalendarDays as CalendarDaysShapes,
  CalendarOff as CalendarOffShapes,
  CalendarX2 as CalendarX2Shapes,
  Camera as CameraShapes,
  ChartLine as ChartLineShapes,
  CheckCheck as CheckCheckShapes,
  CheckCircle2 as CheckCircle2Shapes,
  Check as CheckShapes,
  ChevronDown as ChevronDownShapes,
  ChevronLeft as ChevronLeftShapes,
  ChevronRight as ChevronRightShapes,
  CircleCheck as CircleCheckShapes,
  CircleDashed as CircleDashedShapes,
  CircleMinus as CircleMinusShapes,
  CircleX as CircleXShapes,
  ClipboardList as ClipboardListShapes,
  Clock as ClockShapes,
  Coffee as CoffeeShapes,
  Compass as CompassShapes,
  Copy as CopyShapes,
  Download as DownloadShapes,
  Eraser as EraserShapes,
  ExternalLink as ExternalLinkShapes,
  EyeOff as EyeOffShapes,
  Eye as EyeShapes,
  FilePlus2 as FilePlus2Shapes,
  FileQuestion as FileQuestionShapes,
  FileText as FileTextShapes,
  FlaskConical as FlaskConicalShapes,
  FolderOpen as FolderOpenShapes,
  Gauge as GaugeShapes,
  Gem as GemShapes,
  Globe as GlobeShapes,
  GraduationCap as GraduationCapShapes,
  GripVertical as GripVerticalShapes,
  HeartHandshake as HeartHandshakeShapes,
  History as HistoryShapes,
  Hourglass as HourglassShapes,
  ImagePlus as ImagePlusShapes,
  ImageUp as ImageUpShapes,
  Inbox as InboxShapes,
  KeyRound as KeyRoundShapes,
  Layers as LayersShapes,
  LayoutGrid as LayoutGridShapes,
  ListChecks as ListChecksShapes,
  LoaderCircle as LoaderCircleShapes,
  LogIn as LogInShapes,
  LogOut as LogOutShapes,
  MailCheck as MailCheckShapes,
  Mail as MailShapes,
  MailWarning as MailWarningShapes,
  Menu as MenuShapes,
  MessageSquare as MessageSquareShapes,
  MessagesSquare as MessagesSquareShapes,
  Monitor as MonitorShapes,
  Mountain as MountainShapes,
  Newspaper as NewspaperShapes,
  NotebookPen as NotebookPenShapes,
  PencilLine as PencilLineShapes,
  Pencil as PencilShapes,
  Plus as PlusShapes,
  Quote as QuoteShapes,
  RefreshCw as RefreshCwShapes,
  Reply as ReplyShapes,
  Rocket as RocketShapes,
  RotateCcw as RotateCcwShapes,
  Save as SaveShapes,
  Search as SearchShapes,
  Send as SendShapes,
  Settings as SettingsShapes,
  ShieldAlert as ShieldAlertShapes,
  ShieldCheck as ShieldCheckShapes,
  ShieldOff as ShieldOffShapes,
  Smartphone as SmartphoneShapes,
  Sparkles as SparklesShapes,
  Sprout as SproutShapes,
  Star as StarShapes,
  Tags as TagsShapes,
  TestTube2 as TestTube2Shapes,
  Trash2 as Trash2Shapes,
  TrendingUp as TrendingUpShapes,
  Trophy as TrophyShapes,
  Type as TypeShapes,
  Upload as UploadShapes,
  UserPlus as UserPlusShapes,
  UserRound as UserRoundShapes,
  UserSearch as UserSearchShapes,
  User as UserShapes,
  Users as UsersShapes,
  Wrench as WrenchShapes,
  X as XShapes,
} from 'lucide';
import { icon } from './icon.tsx';

export const Activity = /* @__PURE__ */ icon(ActivityShapes);
export const AlertTriangle = /* @__PURE__ */ icon(AlertTriangleShapes);
export const ArrowLeft = /* @__PURE__ */ icon(ArrowLeftShapes);
export const ArrowRight = /* @__PURE__ */ icon(ArrowRightShapes);
export const AtSign = /* @__PURE__ */ icon(AtSignShapes);
export const BadgeCheck = /* @__PURE__ */ icon(BadgeCheckShapes);
export const BookOpen = /* @__PURE__ */ icon(BookOpenShapes);
export const Bot = /* @__PURE__ */ icon(BotShapes);
export const Briefcase = /* @__PURE__ */ icon(BriefcaseShapes);
export const Building2 = /* @__PURE__ */ icon(Building2Shapes);
export const CalendarCheck = /* @__PURE__ */ icon(CalendarCheckShapes);
export const CalendarCheck2 = /* @__PURE__ */ icon(CalendarCheck2Shapes);
export const CalendarClock = /* @__PURE__ */ icon(CalendarClockShapes);
export const CalendarDays = /* @__PURE__ */ icon(CalendarDaysShapes);
export const CalendarOff = /* @__PURE__ */ icon(CalendarOffShapes);
export const CalendarX2 = /* @__PURE__ */ icon(CalendarX2Shapes);
export const Camera = /* @__PURE__ */ icon(CameraShapes);
export const ChartLine = /* @__PURE__ */ icon(ChartLineShapes);
export const Check = /* @__PURE__ */ icon(CheckShapes);
export const CheckCheck = /* @__PURE__ */ icon(CheckCheckShapes);
export const CheckCircle2 = /* @__PURE__ */ icon(CheckCircle2Shapes);
export const ChevronDown = /* @__PURE__ */ icon(ChevronDownShapes);
export const ChevronLeft = /* @__PURE__ */ icon(ChevronLeftShapes);
export const ChevronRight = /* @__PURE__ */ icon(ChevronRightShapes);
export const CircleCheck = /* @__PURE__ */ icon(CircleCheckShapes);
export const CircleDashed = /* @__PURE__ */ icon(CircleDashedShapes);
export const CircleMinus = /* @__PURE__ */ icon(CircleMinusShapes);
export const CircleX = /* @__PURE__ */ icon(CircleXShapes);
export const ClipboardList = /* @__PURE__ */ icon(ClipboardListShapes);
export const Clock = /* @__PURE__ */ icon(ClockShapes);
export const Coffee = /* @__PURE__ */ icon(CoffeeShapes);
export const Compass = /* @__PURE__ */ icon(CompassShapes);
export const Copy = /* @__PURE__ */ icon(CopyShapes);
export const Download = /* @__PURE__ */ icon(DownloadShapes);
export const Eraser = /* @__PURE__ */ icon(EraserShapes);
export const ExternalLink = /* @__PURE__ */ icon(ExternalLinkShapes);
export const Eye = /* @__PURE__ */ icon(EyeShapes);
export const EyeOff = /* @__PURE__ */ icon(EyeOffShapes);
export const FilePlus2 = /* @__PURE__ */ icon(FilePlus2Shapes);
export const FileQuestion = /* @__PURE__ */ icon(FileQuestionShapes);
export const FileText = /* @__PURE__ */ icon(FileTextShapes);
export const FlaskConical = /* @__PURE__ */ icon(FlaskConicalShapes);
export const FolderOpen = /* @__PURE__ */ icon(FolderOpenShapes);
export const Gauge = /* @__PURE__ */ icon(GaugeShapes);
export const Gem = /* @__PURE__ */ icon(GemShapes);
export const Globe = /* @__PURE__ */ icon(GlobeShapes);
export const GraduationCap = /* @__PURE__ */ icon(GraduationCapShapes);
export const GripVertical = /* @__PURE__ */ icon(GripVerticalShapes);
export const HeartHandshake = /* @__PURE__ */ icon(HeartHandshakeShapes);
export const History = /* @__PURE__ */ icon(HistoryShapes);
export const Hourglass = /* @__PURE__ */ icon(HourglassShapes);
export const ImagePlus = /* @__PURE__ */ icon(ImagePlusShapes);
export const ImageUp = /* @__PURE__ */ icon(ImageUpShapes);
export const Inbox = /* @__PURE__ */ icon(InboxShapes);
export const KeyRound = /* @__PURE__ */ icon(KeyRoundShapes);
export const Layers = /* @__PURE__ */ icon(LayersShapes);
export const LayoutGrid = /* @__PURE__ */ icon(LayoutGridShapes);
export const ListChecks = /* @__PURE__ */ icon(ListChecksShapes);
export const LoaderCircle = /* @__PURE__ */ icon(LoaderCircleShapes);
export const LogIn = /* @__PURE__ */ icon(LogInShapes);
export const LogOut = /* @__PURE__ */ icon(LogOutShapes);
export const Mail = /* @__PURE__ */ icon(MailShapes);
export const MailCheck = /* @__PURE__ */ icon(MailCheckShapes);
export const MailWarning = /* @__PURE__ */ icon(MailWarningShapes);
export const Menu = /* @__PURE__ */ icon(MenuShapes);
export const MessageSquare = /* @__PURE__ */ icon(MessageSquareShapes);
export const MessagesSquare = /* @__PURE__ */ icon(MessagesSquareShapes);
export const Monitor = /* @__PURE__ */ icon(MonitorShapes);
export const Mountain = /* @__PURE__ */ icon(MountainShapes);
export const Newspaper = /* @__PURE__ */ icon(NewspaperShapes);
export const NotebookPen = /* @__PURE__ */ icon(NotebookPenShapes);
export const Pencil = /* @__PURE__ */ icon(PencilShapes);
export const PencilLine = /* @__PURE__ */ icon(PencilLineShapes);
export const Plus = /* @__PURE__ */ icon(PlusShapes);
export const Quote = /* @__PURE__ */ icon(QuoteShapes);
export const RefreshCw = /* @__PURE__ */ icon(RefreshCwShapes);
export const Reply = /* @__PURE__ */ icon(ReplyShapes);
export const Rocket = /* @__PURE__ */ icon(RocketShapes);
export const RotateCcw = /* @__PURE__ */ icon(RotateCcwShapes);
export const Save = /* @__PURE__ */ icon(SaveShapes);
export const Search = /* @__PURE__ */ icon(SearchShapes);
export const Send = /* @__PURE__ */ icon(SendShapes);
export const Settings = /* @__PURE__ */ icon(SettingsShapes);
export const ShieldAlert = /* @__PURE__ */ icon(ShieldAlertShapes);
export const ShieldCheck = /* @__PURE__ */ icon(ShieldCheckShapes);
export const ShieldOff = /* @__PURE__ */ icon(ShieldOffShapes);
export const Smartphone = /* @__PURE__ */ icon(SmartphoneShapes);
export const Sparkles = /* @__PURE__ */ icon(SparklesShapes);
export const Sprout = /* @__PURE__ */ icon(SproutShapes);
export const Star = /* @__PURE__ */ icon(StarShapes);
export const Tags = /* @__PURE__ */ icon(TagsShapes);
export const TestTube2 = /* @__PURE__ */ icon(TestTube2Shapes);
export const Trash2 = /* @__PURE__ */ icon(Trash2Shapes);
export const TrendingUp = /* @__PURE__ */ icon(TrendingUpShapes);
export const Trophy = /* @__PURE__ */ icon(TrophyShapes);
export const Type = /* @__PURE__ */ icon(TypeShapes);
export const Upload = /* @__PURE__ */ icon(UploadShapes);
export const User = /* @__PURE__ */ icon(UserShapes);
export const UserPlus = /* @__PURE__ */ icon(UserPlusShapes);
export const UserRound = /* @__PURE__ */ icon(UserRoundShapes);
export const UserSearch = /* @__PURE__ */ icon(UserSearchShapes);
export const Users = /* @__PURE__ */ icon(UsersShapes);
export const Wrench = /* @__PURE__ */ icon(WrenchShapes);
export const X = /* @__PURE__ */ icon(XShapes);
