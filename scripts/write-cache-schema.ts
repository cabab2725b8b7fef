/** `npm run cache:schema`: writes the schema a new cache file is made with, after a migration was added. */
import fs from 'node:fs';
import { newCacheSchemaFile, renderNewCacheSchema } from './cache-schema';

fs.writeFileSync(newCacheSchemaFile, renderNewCacheSchema());
console.log(`wrote ${newCacheSchemaFile}`);
