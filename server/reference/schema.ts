import { pgTable, smallint, text } from "drizzle-orm/pg-core";

// Reference data mirrored from common/ (for foreign keys): seedReferenceData keeps them equal to the code.

export const corporateTypes = pgTable("corporate_types", {
  id: smallint("id").primaryKey(),
  key: text("key").notNull().unique(),
  url: text("url").notNull().unique(),
  nameTr: text("name_tr").notNull(),
  nameEn: text("name_en").notNull(),
});

export const corporateSubTypes = pgTable("corporate_sub_types", {
  id: smallint("id").primaryKey(),
  typeId: smallint("type_id").references(() => corporateTypes.id),
  key: text("key").notNull().unique(),
  url: text("url").notNull().unique(),
  nameTr: text("name_tr").notNull(),
  nameEn: text("name_en").notNull(),
});

export const blogCategories = pgTable("blog_categories", {
  id: smallint("id").primaryKey(),
  key: text("key").notNull().unique(),
  url: text("url").notNull().unique(),
  nameTr: text("name_tr").notNull(),
  nameEn: text("name_en").notNull(),
});
