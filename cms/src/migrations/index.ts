import * as migration_20261121_195642_initial from './20261121_195642_initial';
import * as migration_20261122_010454_membership_plans from './20261122_010454_membership_plans';
import * as migration_20261123_120000_membership_plans_without_price from './20261123_120000_membership_plans_without_price';
import * as migration_20261123_204004_article_import_source from './20261123_204004_article_import_source';
import * as migration_20261123_204908_games_studies_backyard from './20261123_204908_games_studies_backyard';
import * as migration_20261123_210615_site_settings_and_sign_in from './20261123_210615_site_settings_and_sign_in';
import * as migration_20261127_040206_cms_sign_in_follows_the_site from './20261127_040206_cms_sign_in_follows_the_site';
import * as migration_20261127_075919_tiers_checked_by_the_catalogue from './20261127_075919_tiers_checked_by_the_catalogue';
import * as migration_20261127_080639_media_image_sizes from './20261127_080639_media_image_sizes';
import * as migration_20261127_112515_old_addresses_tags_and_source_site from './20261127_112515_old_addresses_tags_and_source_site';
import * as migration_20261127_113823_articles_drafts_and_versions from './20261127_113823_articles_drafts_and_versions';
import * as migration_20261127_113929_drop_the_published_tick_box from './20261127_113929_drop_the_published_tick_box';
import * as migration_20261127_115211_scheduling_and_who_saved from './20261127_115211_scheduling_and_who_saved';
import * as migration_20261127_121407_editorial_roles from './20261127_121407_editorial_roles';
import * as migration_20261127_145753_drafts_on_every_collection from './20261127_145753_drafts_on_every_collection';
import * as migration_20261128_152714_first_published_and_who_saved from './20261128_152714_first_published_and_who_saved';
import * as migration_20261128_224500_import_keys from './20261128_224500_import_keys';
import * as migration_20261129_004319_media_in_object_storage from './20261129_004319_media_in_object_storage';
import * as migration_20261129_043000_cms_second_factor from './20261129_043000_cms_second_factor';

export const migrations = [
  {
    up: migration_20261121_195642_initial.up,
    down: migration_20261121_195642_initial.down,
    name: '20261121_195642_initial',
  },
  {
    up: migration_20261122_010454_membership_plans.up,
    down: migration_20261122_010454_membership_plans.down,
    name: '20261122_010454_membership_plans',
  },
  {
    up: migration_20261123_120000_membership_plans_without_price.up,
    down: migration_20261123_120000_membership_plans_without_price.down,
    name: '20261123_120000_membership_plans_without_price',
  },
  {
    up: migration_20261123_204004_article_import_source.up,
    down: migration_20261123_204004_article_import_source.down,
    name: '20261123_204004_article_import_source',
  },
  {
    up: migration_20261123_204908_games_studies_backyard.up,
    down: migration_20261123_204908_games_studies_backyard.down,
    name: '20261123_204908_games_studies_backyard',
  },
  {
    up: migration_20261123_210615_site_settings_and_sign_in.up,
    down: migration_20261123_210615_site_settings_and_sign_in.down,
    name: '20261123_210615_site_settings_and_sign_in',
  },
  {
    up: migration_20261127_040206_cms_sign_in_follows_the_site.up,
    down: migration_20261127_040206_cms_sign_in_follows_the_site.down,
    name: '20261127_040206_cms_sign_in_follows_the_site',
  },
  {
    up: migration_20261127_075919_tiers_checked_by_the_catalogue.up,
    down: migration_20261127_075919_tiers_checked_by_the_catalogue.down,
    name: '20261127_075919_tiers_checked_by_the_catalogue',
  },
  {
    up: migration_20261127_080639_media_image_sizes.up,
    down: migration_20261127_080639_media_image_sizes.down,
    name: '20261127_080639_media_image_sizes',
  },
  {
    up: migration_20261127_112515_old_addresses_tags_and_source_site.up,
    down: migration_20261127_112515_old_addresses_tags_and_source_site.down,
    name: '20261127_112515_old_addresses_tags_and_source_site',
  },
  {
    up: migration_20261127_113823_articles_drafts_and_versions.up,
    down: migration_20261127_113823_articles_drafts_and_versions.down,
    name: '20261127_113823_articles_drafts_and_versions',
  },
  {
    up: migration_20261127_113929_drop_the_published_tick_box.up,
    down: migration_20261127_113929_drop_the_published_tick_box.down,
    name: '20261127_113929_drop_the_published_tick_box',
  },
  {
    up: migration_20261127_115211_scheduling_and_who_saved.up,
    down: migration_20261127_115211_scheduling_and_who_saved.down,
    name: '20261127_115211_scheduling_and_who_saved',
  },
  {
    up: migration_20261127_121407_editorial_roles.up,
    down: migration_20261127_121407_editorial_roles.down,
    name: '20261127_121407_editorial_roles',
  },
  {
    up: migration_20261127_145753_drafts_on_every_collection.up,
    down: migration_20261127_145753_drafts_on_every_collection.down,
    name: '20261127_145753_drafts_on_every_collection',
  },
  {
    up: migration_20261128_152714_first_published_and_who_saved.up,
    down: migration_20261128_152714_first_published_and_who_saved.down,
    name: '20261128_152714_first_published_and_who_saved',
  },
  {
    up: migration_20261128_224500_import_keys.up,
    down: migration_20261128_224500_import_keys.down,
    name: '20261128_224500_import_keys',
  },
  {
    up: migration_20261129_004319_media_in_object_storage.up,
    down: migration_20261129_004319_media_in_object_storage.down,
    name: '20261129_004319_media_in_object_storage',
  },
  {
    up: migration_20261129_043000_cms_second_factor.up,
    down: migration_20261129_043000_cms_second_factor.down,
    name: '20261129_043000_cms_second_factor',
  },
];
