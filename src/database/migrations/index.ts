import { InitialSchema1763780000000 } from './1763780000000-InitialSchema';
import { RequestsDesk1764000000000 } from './1764000000000-RequestsDesk';
import { RequestStatusCounts1764000000001 } from './1764000000001-RequestStatusCounts';
import { UploadedFiles1764100000000 } from './1764100000000-UploadedFiles';
import { ReportsIndexes1764200000000 } from './1764200000000-ReportsIndexes';
import { DeliveryView1764300000000 } from './1764300000000-DeliveryView';
import { DeliveryFaults1764400000000 } from './1764400000000-DeliveryFaults';
import { NoPlaceholderContent1764500000000 } from './1764500000000-NoPlaceholderContent';
import { QuickMessageListIndexes1764600000000 } from './1764600000000-QuickMessageListIndexes';
import { SecurityListIndexes1764600000001 } from './1764600000001-SecurityListIndexes';
import { RequestStatusHistory1764650000000 } from './1764650000000-RequestStatusHistory';
import { AssigneeAndPlaceCoordinates1764650000001 } from './1764650000001-AssigneeAndPlaceCoordinates';
import { ProviderMessageIdLength1764700000000 } from './1764700000000-ProviderMessageIdLength';
import { CodeCheckCounters1764700000300 } from './1764700000300-CodeCheckCounters';
import { SafeStoredFileNames1764700000301 } from './1764700000301-SafeStoredFileNames';
import { PickupsDay1764800000000 } from './1764800000000-PickupsDay';
import { WhatsappConversations1764923000000 } from './1764923000000-WhatsappConversations';
import { DeskNotesFiltersArchive1764810000000 } from './1764810000000-DeskNotesFiltersArchive';
import { SelfServiceLinks1764960000000 } from './1764960000000-SelfServiceLinks';
import { StickerOrderIndex1764970000000 } from './1764970000000-StickerOrderIndex';
import { ImportantPlaceGroups1764820000000 } from './1764820000000-ImportantPlaceGroups';
import { QuickMessageAnswered1764820000001 } from './1764820000001-QuickMessageAnswered';
import { IdempotencyKeysAndCertificates1764800000250 } from './1764800000250-IdempotencyKeysAndCertificates';
import { RequestSource1765000000000 } from './1765000000000-RequestSource';
import { StatusCountsFreeShard1765000000100 } from './1765000000100-StatusCountsFreeShard';
import { Volunteers1765000000200 } from './1765000000200-Volunteers';
import { AssigneeToVolunteer1765000000300 } from './1765000000300-AssigneeToVolunteer';
import { VolunteerPage1765000000400 } from './1765000000400-VolunteerPage';

/** Migrations in the order they run; append only, never edit one that has shipped. */
export const migrations: Function[] = [
  InitialSchema1763780000000,
  RequestsDesk1764000000000,
  RequestStatusCounts1764000000001,
  UploadedFiles1764100000000,
  ReportsIndexes1764200000000,
  DeliveryView1764300000000,
  DeliveryFaults1764400000000,
  NoPlaceholderContent1764500000000,
  QuickMessageListIndexes1764600000000,
  SecurityListIndexes1764600000001,
  RequestStatusHistory1764650000000,
  AssigneeAndPlaceCoordinates1764650000001,
  ProviderMessageIdLength1764700000000,
  CodeCheckCounters1764700000300,
  SafeStoredFileNames1764700000301,
  PickupsDay1764800000000,
  IdempotencyKeysAndCertificates1764800000250,
  DeskNotesFiltersArchive1764810000000,
  ImportantPlaceGroups1764820000000,
  QuickMessageAnswered1764820000001,
  WhatsappConversations1764923000000,
  SelfServiceLinks1764960000000,
  StickerOrderIndex1764970000000,
  RequestSource1765000000000,
  StatusCountsFreeShard1765000000100,
  Volunteers1765000000200,
  AssigneeToVolunteer1765000000300,
  VolunteerPage1765000000400,
];
