#!/usr/bin/env bash
# stub_toolchain.sh LANG SOURCE WORKDIR
#
# Builds a generated stub (when its language compiles) inside WORKDIR and
# prints, on one line, the shell command that runs it as a bot.
# Exit status: 0 ready, 77 the language's toolchain is not installed (the
# caller reports the language as skipped), 1 the build failed (compiler
# output on stderr).
#
# Used by the stub integration test (tests/check_stub_play.c); also handy by
# hand: `tests/stub_toolchain.sh rust main.rs /tmp/x` prints how to run it.
set -u
lang=$1 src=$2 dir=$3
have() { command -v "$1" >/dev/null 2>&1; }
need() { for t in "$@"; do have "$t" || { echo "missing: $t" >&2; exit 77; }; done; }
# Exits 1 with the build output when the build command fails.
build() { "$@" >"$dir/build.log" 2>&1 || { cat "$dir/build.log" >&2; exit 1; }; }
q() { printf '%q' "$1"; }
mkdir -p "$dir" || exit 1

# JVM start-up counts against the 1000 ms first turn: class-data sharing, the
# client compiler only and the serial collector start fastest.
JVM_FAST="-Xshare:auto -XX:TieredStopAtLevel=1 -XX:+UseSerialGC"

# jvm_cds CLASSPATH MAIN: prints the command that runs MAIN. Clojure and
# Groovy load hundreds of classes of their runtime before the first read:
# an archive of the classes that one training run loaded (Java's dynamic
# class-data sharing; the class path must hold jars only) halves that. The
# training run gets no input, so the bot stops at its first read; without
# an archive the plain command is printed.
jvm_cds() {
    timeout 60 java -XX:ArchiveClassesAtExit="$dir/app.jsa" $JVM_FAST -cp "$1" "$2" \
        </dev/null >/dev/null 2>&1
    if [ -s "$dir/app.jsa" ]; then
        echo "java -XX:SharedArchiveFile=$(q "$dir/app.jsa") $JVM_FAST -cp $(q "$1") $2"
    else
        echo "java $JVM_FAST -cp $(q "$1") $2"
    fi
}

# jars NAME...: the class path of the Debian jars /usr/share/java/NAME.jar
# that exist (the first one is required: exit 77 without it).
jars() {
    local cp="" j
    [ -f "/usr/share/java/$1.jar" ] || { echo "missing: /usr/share/java/$1.jar" >&2; exit 77; }
    for j in "$@"; do
        [ -f "/usr/share/java/$j.jar" ] && cp="$cp${cp:+:}/usr/share/java/$j.jar"
    done
    echo "$cp"
}

case $lang in
c)          need gcc; build gcc -std=gnu17 -O2 -Wall -o "$dir/bot" "$src" -lm
            echo "$(q "$dir/bot")" ;;
cpp)        need g++; build g++ -std=gnu++17 -O2 -Wall -o "$dir/bot" "$src"
            echo "$(q "$dir/bot")" ;;
csharp)     need mcs mono; build mcs -out:"$dir/Player.exe" "$src"
            echo "mono $(q "$dir/Player.exe")" ;;
java)       need javac java; build javac -d "$dir" "$src"
            echo "java $JVM_FAST -cp $(q "$dir") Player" ;;
kotlin)     need kotlinc java; build kotlinc "$src" -include-runtime -d "$dir/bot.jar"
            echo "java $JVM_FAST -jar $(q "$dir/bot.jar")" ;;
scala)      need scalac java; build scalac -d "$dir" "$src"
            # plain java with the Scala library: the `scala` launcher script
            # costs enough start-up to miss the first turn on a loaded machine
            lib=""
            for j in /usr/share/scala/lib/scala-library.jar /usr/share/java/scala-library.jar \
                     "${SCALA_HOME:-/nonexistent}/lib/scala-library.jar"; do
                [ -f "$j" ] && { lib=$j; break; }
            done
            if [ -n "$lib" ]; then echo "java $JVM_FAST -cp $(q "$dir"):$(q "$lib") Player"
            else echo "scala -cp $(q "$dir") Player"; fi ;;
groovy)     need groovyc java jar
            lib=$(jars groovy) || exit 77
            build groovyc -d "$dir/classes" "$src"
            build jar cf "$dir/bot.jar" -C "$dir/classes" .
            jvm_cds "$dir/bot.jar:$lib" Player ;;
clojure)    need java jar
            lib=$(jars clojure spec.alpha core.specs.alpha) || exit 77
            mkdir -p "$dir/classes"
            # ahead-of-time compilation of the Player namespace (Player.clj)
            build java -cp "$lib:$(dirname "$src")" -Dclojure.compile.path="$dir/classes" \
                clojure.lang.Compile Player
            build jar cf "$dir/bot.jar" -C "$dir/classes" .
            jvm_cds "$dir/bot.jar:$lib" Player ;;
d)          if have gdc; then build gdc -O2 -Wall -o "$dir/bot" "$src"
            elif have ldc2; then build ldc2 -O -of="$dir/bot" "$src"
            else need gdc; fi
            echo "$(q "$dir/bot")" ;;
objc)       need gcc gnustep-config
            # gcc compiles Objective-C only with its front end (Debian gobjc)
            [ -x "$(gcc -print-prog-name=cc1obj)" ] || { echo "missing: gobjc" >&2; exit 77; }
            build sh -c 'gcc -std=gnu17 $(gnustep-config --objc-flags) -o "$1" "$2" $(gnustep-config --base-libs)' \
                sh "$dir/bot" "$src"
            echo "$(q "$dir/bot")" ;;
pascal)     need fpc; build fpc -O2 -FE"$dir" -o"$dir/bot" "$src"
            echo "$(q "$dir/bot")" ;;
# F# and VB.NET: Mono's compilers (Debian 12 packages neither), untested here
fsharp)     need fsharpc mono; build fsharpc --nologo -o:"$dir/Player.exe" "$src"
            echo "mono $(q "$dir/Player.exe")" ;;
vbnet)      need vbnc mono; build vbnc -nologo -out:"$dir/Player.exe" "$src"
            echo "mono $(q "$dir/Player.exe")" ;;
python3)    need python3; echo "python3 $(q "$src")" ;;
javascript) need node; echo "node $(q "$src")" ;;
typescript) need tsc node; build tsc --target es2019 --outDir "$dir" "$src"
            echo "node $(q "$dir/$(basename "${src%.ts}").js")" ;;
go)         need go; build env GOCACHE="$dir/gocache" GO111MODULE=off go build -o "$dir/bot" "$src"
            echo "$(q "$dir/bot")" ;;
rust)       need rustc; build rustc -O -D warnings -o "$dir/bot" "$src"
            echo "$(q "$dir/bot")" ;;
swift)      need swiftc; build swiftc -O -o "$dir/bot" "$src"
            echo "$(q "$dir/bot")" ;;
dart)       need dart; build dart compile exe -o "$dir/bot" "$src"
            echo "$(q "$dir/bot")" ;;
haskell)    need ghc; build ghc -O -outputdir "$dir" -o "$dir/bot" "$src"
            echo "$(q "$dir/bot")" ;;
ocaml)      if have ocamlfind; then build ocamlfind ocamlopt -package str -o "$dir/bot" "$src"
            elif have ocamlopt; then build ocamlopt -o "$dir/bot" "$src"
            else need ocamlopt; fi
            echo "$(q "$dir/bot")" ;;
ruby)       need ruby; echo "ruby $(q "$src")" ;;
php)        need php; echo "php $(q "$src")" ;;
perl)       need perl; echo "perl $(q "$src")" ;;
lua)        if have lua5.4; then echo "lua5.4 $(q "$src")"
            elif have lua; then echo "lua $(q "$src")"
            else need lua5.4; fi ;;
bash)       need bash; echo "bash $(q "$src")" ;;
*)          echo "stub_toolchain.sh: no recipe for language '$lang'" >&2; exit 1 ;;
esac
