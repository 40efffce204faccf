#!/usr/bin/env bash
# Writes the seed corpora, Fuzz/Corpus/<Target>/, from the inputs of the project's tests:
# the paths, URLs and patterns of Tests/ScreenRegistryTests and Tests/ScreensTests (listed
# below), the catalog's routes, the XML and Beagle JSON documents of
# Tests/ScreenRenderingTests (the Golden folder and the strings of the reader tests).
# Each file is named by the SHA-1 of its bytes, as libFuzzer names its own, so there
# are no duplicates. Run it again after changing the lists; it replaces the folders.
set -euo pipefail
fuzz="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$fuzz")"
golden="$root/Tests/ScreenRenderingTests/Golden"

# seed TARGET BYTES: one file holding exactly BYTES (use $'...' for escapes).
seed() {
    local dir="$fuzz/Corpus/$1"
    local name
    name="$(printf '%s' "$2" | sha1sum | cut -c1-40)"
    printf '%s' "$2" >"$dir/$name"
}

# seedf TARGET FORMAT: one file holding what printf makes of FORMAT, for the bytes a
# bash string cannot hold (NUL, written \000).
seedf() {
    local dir="$fuzz/Corpus/$1"
    local name
    # shellcheck disable=SC2059
    name="$(printf "$2" | sha1sum | cut -c1-40)"
    # shellcheck disable=SC2059
    printf "$2" >"$dir/$name"
}

for target in FuzzDeepLink FuzzRoutePattern FuzzResolve FuzzXMLReader FuzzBeagleJSONReader; do
    rm -rf "${fuzz:?}/Corpus/$target"
    mkdir -p "$fuzz/Corpus/$target"
done

# Paths and URLs (DeepLinkTests, HostileInputTests, RoutingTests, CatalogTests).
links=(
    "profile/42" "/profile/42/" "//profile//42" "myapp://profile/42" "myapp:/profile/42"
    "myapp:///profile/42" "https://example.com/profile/42" "HTTP://example.com:8080/profile/42"
    "https://user@example.com/profile/42?x=1#top" "https://profile/42" "http://example.com"
    "my-app.v2+x://home/dashboard" "httpx://host/a" "/files/a%2Fb/hello%20world"
    "/search/c++?q=a+b&r=1%2B1" "/a?flag&x=1&x=2&&=orphan&caf%C3%A9=cr%C3%A8me#x=3" "/a#frag?x=1"
    "/profile/Jos%C3%A9/日本" "/profile/%zz" "/profile/%4" "/profile/%" "/profile/%C3%28" "/profile/%FF"
    "/profile/%00" "/profile/a%1Fb" "/profile/%7F" $'/profile/a\x01b' "/profile/./42" "/profile/../42"
    "/profile/%2E%2E" "/a?x=%zz" "/a?x=%C3" "myapp://%zz/a" "" "/" "//" "myapp://" "https://example.com/"
    "?x=1" "/a%20b/x%2Fy/50%25/q%3F/%23/%C3%BC/c++" "/%E2%84%AAelvim/1" "/kafé/1" "/a/%zz"
    "//evil.example/x" "/profile/42?userId=evil&tab=posts&mode=q" "/tags/c++?q=a+b" "myapp://r/7/?q=1"
    "/s/s/s/s/s/s/s/s/s/s/s/s/s/s/s/s/s/s/s/s/s/s/s/s/s/s/s/s/s/s/s/s" "/%E2%80%A8" $'/\u202E' "/🙂/é"
    "http:" "myapp:" "https://h" "/pay/7?coupon=a%20b" "/n/123e4567-e89b-12d3-a456-426614174000"
)
for link in "${links[@]}"; do seed FuzzDeepLink "$link"; done

# The catalog's routes, with sample values, URL forms and query data (CatalogTests).
paths=(
    "/profile/42" "/profile/7?tab=likes" "/follow/42" "/retweet/9" "/u/42" "/u/42?tab=likes" "/u/a%2Fb"
    "/home" "/home/" "/home/dashboard" "/cards/7" "/cards/3/detail" "/cards/gold" "/cards/-1"
    "/cards/99999999999999999999" "/settings" "/settings/extra" "/login" "/login/registration"
    "/products" "/products/p1" "/products/nope" "/products/p1/extra" "/payment" "/payment?product=p1"
    "/payment?session=x&product=p1" "/text" "/nowhere" "/setings" "/prodcts/p1" "/profil/42"
    "/PROFILE/Bob" "/profile/a%2Fb" "myapp://profile/42?tab=posts" "myapp:///cards/7/detail"
    "https://example.com/products/p1" "myapp://payment?session=s" "/profile/%zz" "/home/../login"
    "/profile/" "/completely/unrelated/path" "?tab=likes"
)
for path in "${paths[@]}"; do seed FuzzResolve "$path"; done
seedf FuzzResolve '/a\000b'
seedf FuzzDeepLink '/profile/a\000b?x=\000'

# Patterns (PatternTests, HostileInputTests, RoutingTests), some followed by paths to
# resolve, one a line, as FuzzRoutePattern reads its input.
patterns=(
    "/users/:id(int)/:name/*/files/:u(uuid)/:x(double)/**" "" "/" "profile/:id" "/profile/:id/"
    "hello%20world" ":" ":(int)" ":id(color)" "**/a" "a/**/b" "a**" "*a" "a*b" ":id(int" ":a/:a"
    ":a(int)/b/:a" ":1x" ":my-name" "%zz" "a/../b" "a/./b" "%00" "a/**" "cards/:n(int)/detail"
    "u/:u(uuid)" "x/:v(double)" "files/*/:name" "w/*/end" "docs/**" ":section/**" "Kelvin/:id"
    $'\u212Aelvin/:id' $'caf\u00E9/:id' "a//:x" "users/:userId/posts/:postId" "*/**" "x*" ":c("
    $'profile/:userId\n/profile/42\nmyapp://profile/7?tab=likes'
    $'cards/:id(int)\n/cards/7\n/cards/x\n/cards/7/detail'
    $'files/**\n/files\n/files/2024/report\n/files/a%2Fb'
    $'a/*/b\n/a/x/b\n/a/b/:x\n/a/b/123e4567-e89b-12d3-a456-426614174000'
    $'n/:d(double)\n/n/4.2\n/n/1e5\n/n/NaN'
    $'Profile/:id\n/PROFILE/Bob\n/profile/bob'
    $'shop/orders/:orderId/detail\n/shop/orders/5/detail\n/shop/orders/5'
)
for pattern in "${patterns[@]}"; do seed FuzzRoutePattern "$pattern"; done

# XML: the golden documents, each also compacted to one line, and the reader tests' documents.
for file in "$golden"/*.xml; do
    seed FuzzXMLReader "$(cat "$file")"
    seed FuzzXMLReader "$(sed -e '2,$s/^ *//' "$file" | tr -d '\n')"
done
ns='xmlns="urn:screenregistry:screen:1"'
xmls=(
    $'<?xml version="1.0"?>\n<screenComponent xmlns="urn:screenregistry:screen:1">\n  <child>\n</screenComponent>\n'
    "" "<" "<a" "<a></b>" "<a x='1' x='2'/>" "<a>&undefined;</a>" "text" "<screenComponent/>"
    '<screenComponent xmlns="urn:other"/>'
    "<screenComponent $ns>"$'\n''<children xmlns:sr="urn:screenregistry:meta:1" sr:shape="list"><marquee/></children></screenComponent>'
    "<screenComponent $ns>"$'\n''<style>x<flex/></style></screenComponent>'
    "<screenComponent $ns"' xmlns:o="urn:other">'$'\n''<o:child/></screenComponent>'
    "<int $ns>x</int>" "<string $ns>x</string>"
    $'<?xml version="1.0"?>\n<!DOCTYPE screenComponent [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n'"<screenComponent $ns><child><text>&xxe;</text></child></screenComponent>"
    "<!DOCTYPE screenComponent SYSTEM \"file:///etc/passwd\"><screenComponent $ns/>"
    "<screenComponent $ns><child sr:shape=\"list\" xmlns:sr=\"urn:screenregistry:meta:1\"><list><list></list></list></child></screenComponent>"
    "<list $ns><list><list></list></list></list>"
    "<custom:x xmlns=\"urn:screenregistry:screen:1\" xmlns:custom=\"urn:screenregistry:custom:1\" xmlns:sr=\"urn:screenregistry:meta:1\" a=\"42\" b=\"42\" c=\"42.0\" d=\"true\" e=\"true\" f=\"\" g=\"INF\" h=\"1.0\" sr:strings=\"a d h\"/>"
    "<screenComponent $ns xmlns:custom=\"urn:screenregistry:custom:1\"><navigationBar title=\"T\"/><child><container><children><text>Hello</text><custom:badge label=\"new\" count=\"3\"><onPress><alert title=\"t\"/></onPress></custom:badge></children></container></child></screenComponent>"
    "<text $ns>a&#xFFFD;b&#13;"$'\n'"😀שׁe&#x301;</text>"
    "<screenComponent $ns xmlns:sr=\"urn:screenregistry:meta:1\"><property name=\"a b\" sr:type=\"string\"/><items sr:shape=\"list\"><object k=\"1\"/><string>x</string><int>1</int><double>NaN</double><bool>false</bool><list/></items></screenComponent>"
    $'<?xml version="1.0" encoding="ISO-8859-1"?>\n'"<text $ns>caf"$'\xe9'"</text>"
    $'\xef\xbb\xbf<text '"$ns"'><![CDATA[a]]>b<!-- c --><?pi d?></text>'
)
for xml in "${xmls[@]}"; do seed FuzzXMLReader "$xml"; done
seedf FuzzXMLReader '\000'
seedf FuzzXMLReader '<text xmlns="urn:screenregistry:screen:1">a\000b</text>'

# Beagle JSON: the golden documents, each also on one line, and the import tests' documents.
for file in "$golden"/*.json; do
    seed FuzzBeagleJSONReader "$(cat "$file")"
    seed FuzzBeagleJSONReader "$(sed -e 's/^ *//' "$file" | tr -d '\n')"
done
jsons=(
    '{"_beagleComponent_": "BEAGLE:SCREENCOMPONENT", "child": {"_beagleComponent_": "Beagle:TextInput", "placeholder": "x", "onChange": [{"_beagleAction_": "beagle:PUSHVIEW", "route": {"url": "/a"}}]}, "image": {"_beagleImagePath_": "LOCAL", "mobileId": "m"}}'
    '{"_beagleComponent_":"beagle:screenComponent","child":{"_beagleComponent_":"acme:carousel","speed":2,"items":[{"_beagleComponent_":"custom:slide","n":1}],"onEnd":[{"_beagleAction_":"acme:confetti"}]}}'
    $'\xef\xbb\xbf {"_beagleComponent_" : "beagle:text" , "text":"a", "styleId": null }\n'
    "{" '{"a":}' '{"a" 1}' $'{\n  "a": tru\n}' "[1]" '{"a":1,}' '{"a":"\x"}' $'{"a":"\x01"}' '{"a":01}'
    '{"a":"\ud800"}' "{} x" "" '{"a":1e999}' '{"a":-}' $'{"\xc3\x28":1}'
    '{"a":[[[[[[[[[[]]]]]]]]]]}' '{"a":{"a":{"a":{"a":{"a":1}}}}}'
    '{"_beagleComponent_":"beagle:screenComponent","navigationBar":{"title":"Imported"},"child":{"_beagleComponent_":"beagle:text","text":"Beagle"}}'
    '{"_beagleComponent_":"beagle:text","text":"\u0000\u2028\"\\\/\b\f\n\r\t\ud83d\ude00","n":-0.0,"m":1.5e-300,"i":9223372036854775807,"j":-9223372036854775808,"k":9223372036854775808,"b":true,"c":false,"d":null}'
    '{"_beagleComponent_":"beagle:button","text":"Go","onPress":[{"_beagleAction_":"beagle:pushView","route":{"url":"/profile/42","shouldPrefetch":false}},{"_beagleAction_":"beagle:alert","title":"t","message":"m"}],"style":{"size":{"width":{"value":80.0,"type":"REAL"}}},"platform":"IOS"}'
)
for json in "${jsons[@]}"; do seed FuzzBeagleJSONReader "$json"; done
seedf FuzzBeagleJSONReader '{"a":"\000"}'

for target in FuzzDeepLink FuzzRoutePattern FuzzResolve FuzzXMLReader FuzzBeagleJSONReader; do
    echo "$target: $(find "$fuzz/Corpus/$target" -type f | wc -l) seeds"
done
