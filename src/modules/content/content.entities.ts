import { ContentSettingEntity } from './entities/content-setting.entity';
import { DropdownOptionEntity } from './entities/dropdown-option.entity';
import { GovernanceCardEntity } from './entities/governance-card.entity';
import { StickerImageEntity } from './entities/sticker-image.entity';

export const contentEntities = [ContentSettingEntity, DropdownOptionEntity, GovernanceCardEntity, StickerImageEntity];
