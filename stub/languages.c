/*
 * languages.c - the table of languages (stub_languages,
 * stub_find_language): the one file that names every emitter
 * (lang/<name>.c), above them, as the emitters call down into the helpers
 * of emit.c and frame.c.
 */
#include <stddef.h>
#include <string.h>
#include <strings.h>

#include "stub.h"

extern const stub_lang stub_lang_c, stub_lang_cpp, stub_lang_csharp, stub_lang_java,
    stub_lang_kotlin, stub_lang_python3, stub_lang_javascript, stub_lang_typescript, stub_lang_go,
    stub_lang_rust, stub_lang_ruby, stub_lang_php, stub_lang_perl, stub_lang_lua, stub_lang_bash,
    stub_lang_swift, stub_lang_scala, stub_lang_dart, stub_lang_haskell, stub_lang_ocaml,
    stub_lang_clojure, stub_lang_d, stub_lang_fsharp, stub_lang_groovy, stub_lang_objc,
    stub_lang_pascal, stub_lang_vbnet;

static const stub_lang *const languages[] = {
    &stub_lang_bash,       &stub_lang_c,          &stub_lang_clojure, &stub_lang_cpp,
    &stub_lang_csharp,     &stub_lang_d,          &stub_lang_dart,    &stub_lang_fsharp,
    &stub_lang_go,         &stub_lang_groovy,     &stub_lang_haskell, &stub_lang_java,
    &stub_lang_javascript, &stub_lang_kotlin,     &stub_lang_lua,     &stub_lang_objc,
    &stub_lang_ocaml,      &stub_lang_pascal,     &stub_lang_perl,    &stub_lang_php,
    &stub_lang_python3,    &stub_lang_ruby,       &stub_lang_rust,    &stub_lang_scala,
    &stub_lang_swift,      &stub_lang_typescript, &stub_lang_vbnet,
};

const stub_lang *const *stub_languages(int *count)
{
    if (count)
        *count = (int)(sizeof languages / sizeof languages[0]);
    return languages;
}

const stub_lang *stub_find_language(const char *name)
{
    if (!name)
        return NULL;
    size_t n = strlen(name);
    for (size_t i = 0; i < sizeof languages / sizeof languages[0]; i++) {
        const stub_lang *l = languages[i];
        if (strcasecmp(l->name, name) == 0)
            return l;
        for (const char *a = l->aliases; a && *a;) {
            const char *e = strchr(a, ' ');
            size_t len = e ? (size_t)(e - a) : strlen(a);
            if (len == n && strncasecmp(a, name, n) == 0)
                return l;
            a = e ? e + 1 : a + len;
        }
    }
    return NULL;
}
