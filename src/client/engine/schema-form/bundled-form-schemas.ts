import { schemaDocs } from '../../shared/schema-docs';
import { createFormSchemas, type FormSchemas } from './form-schemas';

/**
 * The form schemas of the schema set the server sent, created once when the form chunk loads (the
 * shell reads its rules without ajv).
 */
export const formSchemas: FormSchemas = createFormSchemas(schemaDocs());
