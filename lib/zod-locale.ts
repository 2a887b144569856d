import { z } from 'zod'
import { fr } from 'zod/locales'

/**
 * zod's own messages in French: a schema's messages are the spec's, but an input of the wrong shape
 * altogether (a number where an object was expected) gets zod's default, which must not reach a person in English.
 * The configuration lives on globalThis, so one call covers every copy of zod in the process.
 */
z.config(fr())
