import ConformanceSupport
import Foundation
import ScreenRegistry
@testable import ScreenRendering
import Screens
import Testing

private func document(_ screen: Screen, _ renderer: DivKitRenderer = DivKitRenderer()) throws -> [String: Any] {
    let json = try renderer.render(screen)
    return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
}

/// The root div of a document's first state.
private func root(_ document: [String: Any]) throws -> [String: Any] {
    let card = try #require(document["card"] as? [String: Any])
    let states = try #require(card["states"] as? [[String: Any]])
    return try #require(states.first?["div"] as? [String: Any])
}

/// The screen's components: the items of its content container (below the title, if
/// any), or its one component.
private func content(_ document: [String: Any]) throws -> [[String: Any]] {
    let screenItems = try #require(try root(document)["items"] as? [[String: Any]])
    let last = try #require(screenItems.last)
    if last["type"] as? String == "container", let items = last["items"] as? [[String: Any]] { return items }
    return [last]
}

/// DivKit's reading of a string, modelled on its web client's grammar and its test
/// data: in an expression string (one with `@{`), `\\` is a backslash, `\@{` a literal
/// `@{`, `\'` a quote, any other escape an error; `@{…}` is evaluated (here: `''` is the
/// empty string and anything else is reported). Returns what the client shows, or `nil`
/// when it would evaluate data or fail.
private func divKitReading(_ source: String) -> String? {
    let bytes = Array(source.utf8)
    guard bytes.contains(UInt8(ascii: "\\")) || source.contains("@{") else { return source }
    var shown: [UInt8] = []
    var index = 0
    while index < bytes.count {
        if bytes[index] == UInt8(ascii: "\\") {
            guard index + 1 < bytes.count else { return nil }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "@"), index + 2 < bytes.count, bytes[index + 2] == UInt8(ascii: "{") {
                shown += Array("@{".utf8)
                index += 3
            } else if next == UInt8(ascii: "\\") || next == UInt8(ascii: "'") {
                shown.append(next)
                index += 2
            } else {
                return nil
            }
        } else if bytes[index] == UInt8(ascii: "@"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "{") {
            guard index + 4 < bytes.count, Array(bytes[(index + 2)...(index + 4)]) == Array("''}".utf8) else { return nil }
            index += 5
        } else {
            shown.append(bytes[index])
            index += 1
        }
    }
    return String(decoding: shown, as: UTF8.self)
}

@Suite("DivKit: the mapping")
struct DivKitMappingTests {
    @Test("Texts, buttons, images and navigation map to DivKit's divs and in-app URLs")
    func components() throws {
        let screen = Screen(id: "s1", title: "Shop") {
            Text("Hello", textColor: "#F00", alignment: .center)
            Button("Open", action: .navigate(to: "/products/p1"))
            Image(url: "https://img.example.com/a.png", mode: .centerCrop)
            Button("Docs", action: .openExternalURL("https://docs.example.com"))
            Button("Run", action: .openExternalURL("javascript:alert(1)"))
        }
        let doc = try document(screen)
        let card = try #require(doc["card"] as? [String: Any])
        #expect(card["log_id"] as? String == "s1")
        let title = try #require((try root(doc)["items"] as? [[String: Any]])?.first)
        #expect(title["text"] as? String == "Shop")
        let items = try content(doc)
        #expect(items[0]["type"] as? String == "text")
        #expect(items[0]["text"] as? String == "Hello")
        #expect(items[0]["text_color"] as? String == "#FF0000")
        #expect(items[0]["text_alignment_horizontal"] as? String == "center")
        let expanded = try DivKitTemplateExpansion.expand(doc)
        let open = try #require((try content(expanded)[1]["actions"] as? [[String: Any]])?.first)
        #expect(open["url"] as? String == "myapp://products/p1")
        #expect(open["log_id"] as? String == "pushView")
        #expect(items[2]["type"] as? String == "image")
        #expect(items[2]["image_url"] as? String == "https://img.example.com/a.png")
        #expect(items[2]["scale"] as? String == "fill")
        let docs = try #require((try content(expanded)[3]["actions"] as? [[String: Any]])?.first)
        #expect(docs["url"] as? String == "https://docs.example.com")
        // A script URL from data is never an action URL: the app gets it as a payload.
        let run = try #require((try content(expanded)[4]["actions"] as? [[String: Any]])?.first)
        #expect(run["url"] == nil)
        #expect((run["payload"] as? [String: String])?["url"] == "javascript:alert(1)")
    }

    @Test("Each kind of action: its URL or typed action first, then a payload of what it starts with and what DivKit has no field for")
    func actionMembers() throws {
        func action(_ type: String, _ properties: [Node.Property]) -> Node.Value {
            .node(Node(kind: .action, type: type, properties: properties))
        }
        let route = Node.Property("route", .node(.object([.init("url", .string("/p/1"))])))
        let cases: [(Node.Value, String)] = [
            (action("beagle:pushView", [route, .init("animated", .bool(true))]),
             #"{"log_id":"pushView","url":"myapp://p/1","payload":{"navigation":"pushView","animated":true}}"#),
            (action("beagle:pushStack", [.init("route", .node(.object([.init("screen", .string("s"))]))), .init("id", .int(3))]),
             #"{"log_id":"pushStack","payload":{"route":{"screen":"s"},"id":3,"navigation":"pushStack"}}"#),
            (action("beagle:openExternalURL", [.init("url", .string("file:///x")), .init("why", .int(1))]),
             #"{"log_id":"openExternalURL","payload":{"url":"file:///x","why":1}}"#),
            (action("beagle:openExternalURL", [.init("url", .string("HTTPS://a.example")), .init("why", .int(1))]),
             #"{"log_id":"openExternalURL","url":"HTTPS://a.example","payload":{"why":1}}"#),
            (action("beagle:setContext", [.init("contextId", .string("c")), .init("value", .int(2)), .init("note", .string("n"))]),
             #"{"log_id":"setContext","typed":{"type":"set_variable","variable_name":"c","value":{"type":"integer","value":2}},"payload":{"note":"n"}}"#),
            (action("beagle:setContext", [.init("contextId", .string("c")), .init("path", .string("k")), .init("value", .string("v"))]),
             #"{"log_id":"setContext","typed":{"type":"dict_set_value","variable_name":"c","key":"k","value":{"type":"string","value":"v"}}}"#),
            (action("beagle:setContext", [.init("contextId", .string("c")), .init("path", .string("address.city")), .init("value", .string("v"))]),
             #"{"log_id":"setContext","payload":{"contextId":"c","path":"address.city","value":"v"}}"#),
            (action("beagle:setContext", [.init("contextId", .string("c")), .init("path", .string("items[0]")), .init("value", .int(1))]),
             #"{"log_id":"setContext","payload":{"contextId":"c","path":"items[0]","value":1}}"#),
            (action("beagle:popView", []), #"{"log_id":"popView","payload":{}}"#),
            (action("beagle:alert", [.init("title", .string("T")), .init("onPressOk", .list([action("beagle:popView", [])]))]),
             #"{"log_id":"alert","payload":{"title":"T","onPressOk":[{"log_id":"popView","payload":{}}]}}"#),
        ]
        for (value, expected) in cases {
            let button = Node(kind: .component, type: "beagle:button", properties: [.init("text", .string("b")), .init("onPress", .list([value]))])
            let json = DivKitRenderer(usesTemplates: false).render(button)
            #expect(json.contains(#""actions":["# + expected + "]"), "\(json)")
            let disabled = Node(kind: .component, type: "beagle:button", properties: button.properties + [.init("enabled", .bool(false))])
            let disabledJSON = DivKitRenderer(usesTemplates: false).render(disabled)
            #expect(disabledJSON.contains(#""actions":["# + expected.dropLast() + #","is_enabled":false}]"#), "\(disabledJSON)")
        }
    }

    @Test("Contexts become variables, text fields get a variable, bindings become expressions")
    func variablesAndBindings() throws {
        let screen = Screen(context: Context(id: "user", value: ["name": "Ana", "age": 30])) {
            Text("Hi \(bind: "user.name")")
            TextInput(value: "draft", placeholder: "Email", type: .email)
            Button("Set", action: .setContext(contextId: "user", value: "Bo", path: "name"))
        }
        let doc = try document(screen)
        let card = try #require(doc["card"] as? [String: Any])
        let variables = try #require(card["variables"] as? [[String: Any]])
        #expect(variables[0]["type"] as? String == "dict" && variables[0]["name"] as? String == "user")
        #expect((variables[0]["value"] as? [String: Any])?["age"] as? Int == 30)
        #expect(variables[1]["type"] as? String == "string" && variables[1]["name"] as? String == "input_1")
        #expect(variables[1]["value"] as? String == "draft")
        let items = try content(doc)
        #expect(items[0]["text"] as? String == "Hi @{getStringFromDict(user, 'name')}")
        #expect(items[1]["type"] as? String == "input" && items[1]["text_variable"] as? String == "input_1")
        #expect(items[1]["hint_text"] as? String == "Email" && items[1]["keyboard_type"] as? String == "email")
        let set = try #require((items[2]["actions"] as? [[String: Any]])?.first?["typed"] as? [String: Any])
        #expect(set["type"] as? String == "dict_set_value" && set["variable_name"] as? String == "user")
        #expect(set["key"] as? String == "name")
    }

    @Test("A style's sizes, insets, background and border are DivKit's members, and what has none stays in the extension")
    func style() throws {
        let screen = Screen {
            Text("A").style(Style(
                backgroundColor: "#ABC", cornerRadius: 4, borderColor: "#112233", borderWidth: 2,
                size: Size(width: .real(20.4), height: .percent(100)),
                margin: EdgeValue(left: .real(2), horizontal: .real(5), all: .real(8)),
                padding: EdgeValue(vertical: .real(3), all: .real(1))
            ))
            Text("B").style(Style(
                borderColor: "#ABC", borderWidth: -1, size: Size(width: .auto, height: .percent(50)),
                padding: EdgeValue(left: .percent(10))
            ))
        }
        let json = try DivKitRenderer(usesTemplates: false).render(screen)
        // `horizontal` comes after `left` and wins; `all` sets only the sides left unset.
        #expect(json.contains(##"{"type":"text","text":"A","width":{"type":"fixed","value":20},"height":{"type":"match_parent"},"##
            + ##""margins":{"left":5,"top":8,"right":5,"bottom":8},"paddings":{"left":1,"top":3,"right":1,"bottom":3},"##
            + ##""background":[{"type":"solid","color":"#AABBCC"}],"border":{"corner_radius":4,"stroke":{"color":"#112233","width":2.0}}}"##))
        // A half height, a padding in percent and a negative stroke width have no DivKit member.
        #expect(json.contains(##"{"type":"text","text":"B","width":{"type":"wrap_content"},"border":{"stroke":{"color":"#AABBCC"}},"##
            + ##""extensions":[{"id":"beagle","params":{"style":{"borderWidth":-1.0,"padding":{"left":{"value":10.0,"type":"PERCENT"}},"##
            + ##""size":{"height":{"value":50.0,"type":"PERCENT"}}}}}]}"##))
    }

    @Test("A list bound to data is a gallery with an item builder")
    func itemBuilder() throws {
        let screen = Screen {
            ListView(dataSource: .bind("products"), iteratorName: "product") { Text(.bind("product.name")) }
        }
        let gallery = try content(try document(screen))[0]
        #expect(gallery["type"] as? String == "gallery")
        let builder = try #require(gallery["item_builder"] as? [String: Any])
        #expect(builder["data"] as? String == "@{products}")
        #expect(builder["data_element_name"] as? String == "product")
        let prototype = try #require((builder["prototypes"] as? [[String: Any]])?.first?["div"] as? [String: Any])
        #expect(prototype["text"] as? String == "@{getStringFromDict(product, 'name')}")
    }

    /// DivKit reads `user.name` as the name of one variable; a dictionary's member is read
    /// by a getter of its type (`test_data/expression_test_data/functions_dict.json`).
    @Test("A binding into a context's members is DivKit's getter of the type the context's value has there")
    func memberBindings() throws {
        let user: JSONValue = [
            "name": "Ana", "age": 30, "score": 1.5, "vip": true, "address": ["city": "Rio"],
            "tags": ["new", "vip"], "orders": [["id": 7, "paid": true]],
        ]
        let screen = Screen(context: Context(id: "user", value: user)) {
            Text("Age \(bind: "user.age"), score \(bind: "user.score")")
            Text(.bind("user.address.city"))
            Text(.bind("user.tags[1]"))
            Text(.bind("user.orders[0].id"))
            Text(.bind("user.missing"))
            Text(.bind("user"))
            Text(.bind("isNull(user.name)"))
            Container(context: Context(id: "user", value: ["name": 5])) { Text(.bind("user.name")) }
            ListView(dataSource: .bind("user.orders"), iteratorName: "order", templates: [
                .init(case: .bind("order.paid"), view: Text(.bind("order.id"))),
            ])
            ListView(dataSource: .bind("feed"), iteratorName: "post", templates: [
                .init(case: .bind("post.pinned"), view: Text(.bind("post.likes"))),
            ])
        }
        let items = try content(try document(screen))
        try #require(items.count == 10)
        #expect(items[0]["text"] as? String == "Age @{toString(getIntegerFromDict(user, 'age'))}, score @{toString(getNumberFromDict(user, 'score'))}")
        // A run of keys is one call; an index reads the list a key reached.
        #expect(items[1]["text"] as? String == "@{getStringFromDict(user, 'address', 'city')}")
        #expect(items[2]["text"] as? String == "@{getStringFromArray(getArrayFromDict(user, 'tags'), 1)}")
        #expect(items[3]["text"] as? String == "@{toString(getIntegerFromDict(getDictFromArray(getArrayFromDict(user, 'orders'), 0), 'id'))}")
        // What the screen does not declare is read as the property's type: text here.
        #expect(items[4]["text"] as? String == "@{getStringFromDict(user, 'missing')}")
        // A name alone, and an operation DivKit has no equivalent of, as they are.
        #expect(items[5]["text"] as? String == "@{user}")
        #expect(items[6]["text"] as? String == "@{isNull(user.name)}")
        // The innermost context of a name is the one read.
        let inner = try #require(items[7]["items"] as? [[String: Any]])
        #expect(inner.first?["text"] as? String == "@{toString(getIntegerFromDict(user, 'name'))}")
        // A list's data is an array; its item is typed as the first of the data.
        let builder = try #require(items[8]["item_builder"] as? [String: Any])
        #expect(builder["data"] as? String == "@{getArrayFromDict(user, 'orders')}")
        let prototype = try #require((builder["prototypes"] as? [[String: Any]])?.first)
        #expect((prototype["div"] as? [String: Any])?["text"] as? String == "@{toString(getIntegerFromDict(order, 'id'))}")
        #expect(prototype["selector"] as? String == "@{getBooleanFromDict(order, 'paid')}")
        let unknown = try #require(items[9]["item_builder"] as? [String: Any])
        // Data the screen does not hold: a condition is read as a flag, a text as a string.
        let post = try #require((unknown["prototypes"] as? [[String: Any]])?.first)
        #expect(post["selector"] as? String == "@{getBooleanFromDict(post, 'pinned')}")
        #expect((post["div"] as? [String: Any])?["text"] as? String == "@{getStringFromDict(post, 'likes')}")
    }

    @Test("Beagle's operations that DivKit has an operator or function for are those, their operands typed alike")
    func operations() throws {
        let cart: JSONValue = ["count": 2, "total": 9.5, "name": "Ana", "vip": true]
        let deep = String(repeating: "not(", count: 40) + "true" + String(repeating: ")", count: 40)
        let screen = Screen(context: Context(id: "cart", value: cart)) {
            Text(.bind("sum(cart.count, 1)"))
            Text(.bind("sum(cart.total, cart.count, 1)"))
            Text("Hi \(bind: "uppercase(cart.name)")")
            Text(.bind(#"condition(cart.vip, 'VIP: it\'s you', concat('Hi ', lowercase(cart.name)))"#))
            Text(.bind("and(gt(cart.count, 1), not(eq(cart.name, 'Bo')))"))
            Text(.bind(#"concat('@{x}', 'a\\b')"#))
            Text(.bind("eq(cart.name, 2)"))
            Text(.bind(deep))
            Text(.bind("sum(cart.name, 1)"))
            Text(.bind("subtract(cart.total, -1)"))
            Container(context: Context(id: "count", value: 3)) { Text(.bind("multiply(count, cart.total)")) }
            Text(.bind("concat(cart.count, ' at ', cart.total, ', VIP: ', cart.vip, ' ', cart.name)"))
            Text(.bind("concat('n: ', 5, sum(1, 2.5), gt(1, 2))"))
        }
        let items = try content(try document(screen))
        try #require(items.count == 13)
        #expect(items[0]["text"] as? String == "@{toString((getIntegerFromDict(cart, 'count') + 1))}")
        // An integer beside a number is read as one, literal or getter; a number in text
        // goes through toString.
        #expect(items[1]["text"] as? String == "@{toString((getNumberFromDict(cart, 'total') + getNumberFromDict(cart, 'count') + 1.0))}")
        #expect(items[2]["text"] as? String == "Hi @{toUpperCase(getStringFromDict(cart, 'name'))}")
        #expect(items[3]["text"] as? String
            == #"@{(getBooleanFromDict(cart, 'vip') ? 'VIP: it\'s you' : ('Hi ' + toLowerCase(getStringFromDict(cart, 'name'))))}"#)
        #expect(items[4]["text"] as? String
            == "@{toString(((getIntegerFromDict(cart, 'count') > 1) && !((getStringFromDict(cart, 'name') == 'Bo'))))}")
        // A string literal's backslash, quote and @{ are escaped by DivKit's rule.
        #expect(items[5]["text"] as? String == #"@{('\@{x}' + 'a\\b')}"#)
        // Operands of different types, nesting past the limit, a sum of a text: as they are.
        #expect(items[6]["text"] as? String == "@{eq(cart.name, 2)}")
        #expect(items[7]["text"] as? String == "@{" + deep + "}")
        #expect(items[8]["text"] as? String == "@{sum(cart.name, 1)}")
        // A negative literal in parentheses, never a bare sign after an operator's.
        #expect(items[9]["text"] as? String == "@{toString((getNumberFromDict(cart, 'total') - (-1.0)))}")
        // An integer variable beside a number is converted.
        let product = (items[10]["items"] as? [[String: Any]])?.first?["text"] as? String
        #expect(product == "@{toString((toNumber(count) * getNumberFromDict(cart, 'total')))}")
        // DivKit's `+` of strings takes no number or flag: concat makes them text.
        #expect(items[11]["text"] as? String == "@{(toString(getIntegerFromDict(cart, 'count')) + ' at ' + toString(getNumberFromDict(cart, 'total'))"
            + " + ', VIP: ' + toString(getBooleanFromDict(cart, 'vip')) + ' ' + getStringFromDict(cart, 'name'))}")
        #expect(items[12]["text"] as? String == "@{('n: ' + toString(5) + toString((1.0 + 2.5)) + toString((1 > 2)))}")
    }

    @Test("An operation's string literal is read back by DivKit's rule as the text, whatever the text holds")
    func operationLiterals() throws {
        for text in XMLHostile.strings + ["it's", #"\"#, #"\'"#, "@{x}", #"\@{x}"#, "}", "'}", #"a\\b"#, "\u{301}x"] {
            // Beagle's literal: a backslash takes the next byte as it is.
            let beagle = String(decoding: text.utf8.flatMap { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "'") ? [UInt8(ascii: "\\"), $0] : [$0] }, as: UTF8.self)
            let screen = Screen { Text(.bind("concat('" + beagle + "', 'x')")) }
            let written = try #require(try content(try document(screen)).first?["text"] as? String)
            let (prefix, suffix) = (Array("@{('".utf8), Array("' + 'x')}".utf8))
            let bytes = Array(written.utf8)
            try #require(bytes.starts(with: prefix) && bytes.reversed().starts(with: suffix.reversed()), "\(written)")
            let literal = Array(bytes[prefix.count..<(bytes.count - suffix.count)])
            // The literal ends at the quote written for it: each of its own quotes is escaped.
            var index = 0
            while index < literal.count {
                #expect(literal[index] != UInt8(ascii: "'"), "\(written)")
                index += literal[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            #expect(divKitReading(String(decoding: literal, as: UTF8.self)) == text)
        }
    }

    @Test("A list's template id is its prototype's, with the item's index; ids inside a prototype stay for the extension")
    func prototypeIDs() throws {
        let screen = Screen {
            ListView(dataSource: .bind("products"), iteratorName: "product") {
                Container {
                    Text(.bind("product.name")).id("name")
                    ListView(dataSource: .bind("product.tags")) { Text(.bind("item")).id("tag") }
                }.id(#"row\@{x}"#)
            }.id("list")
        }
        func prototypes(_ gallery: [String: Any]) throws -> [[String: Any]] {
            try #require((gallery["item_builder"] as? [String: Any])?["prototypes"] as? [[String: Any]])
        }
        func extensionID(_ div: [String: Any]) -> String? {
            let extensions = div["extensions"] as? [[String: Any]]
            return (extensions?.first?["params"] as? [String: Any])?["id"] as? String
        }
        let gallery = try content(try document(screen))[0]
        #expect(gallery["id"] as? String == "list")
        let prototype = try #require(try prototypes(gallery).first)
        // Each item's id is `row\@{x}:0`, `row\@{x}:1`, …: the literal part escaped.
        #expect(prototype["id"] as? String == #"row\\\@{x}:@{index}"#)
        let row = try #require(prototype["div"] as? [String: Any])
        #expect(row["id"] == nil)
        #expect(extensionID(row) == nil)
        let items = try #require(row["items"] as? [[String: Any]])
        try #require(items.count == 2)
        #expect(items[0]["id"] == nil)
        #expect(extensionID(items[0]) == "name")
        // An inner list's index would repeat in every outer item: its template's id stays too.
        let inner = try #require(try prototypes(items[1]).first)
        #expect(inner["id"] == nil)
        let tag = try #require(inner["div"] as? [String: Any])
        #expect(tag["id"] == nil)
        #expect(extensionID(tag) == "tag")
    }

    @Test("A page view's onPageChange runs as each page's selected_actions, after they set the pager's onPageChange variable to the page's index")
    func pageChange() throws {
        let screen = Screen {
            PageView(onPageChange: [.setContext(contextId: "tab", value: .expression(.bind("onPageChange")))]) {
                Text("first")
                Text("on iOS only").platforms(.ios)
                Text("second")
            }
        }
        let pager = try content(try document(screen, DivKitRenderer(platform: .android)))[0]
        #expect(pager["type"] as? String == "pager")
        let variables = try #require(pager["variables"] as? [[String: Any]])
        #expect(variables.count == 1)
        #expect(variables.first?["name"] as? String == "onPageChange")
        #expect(variables.first?["type"] as? String == "integer")
        #expect(variables.first?["value"] as? Int == 0)
        // Pages for another platform are left out, and not counted.
        let pages = try #require(pager["items"] as? [[String: Any]])
        #expect(pages.map { $0["text"] as? String } == ["first", "second"])
        for (index, page) in pages.enumerated() {
            let actions = try #require(page["selected_actions"] as? [[String: Any]])
            try #require(actions.count == 2)
            let index_ = try #require(actions[0]["typed"] as? [String: Any])
            #expect(index_["type"] as? String == "set_variable")
            #expect(index_["variable_name"] as? String == "onPageChange")
            #expect((index_["value"] as? [String: Any])?["type"] as? String == "integer")
            #expect((index_["value"] as? [String: Any])?["value"] as? Int == index)
            let tab = try #require(actions[1]["typed"] as? [String: Any])
            #expect(tab["variable_name"] as? String == "tab")
            #expect((tab["value"] as? [String: Any])?["value"] as? String == "@{onPageChange}")
            #expect(page["extensions"] == nil)
        }
        // Without page-change actions, pages run none and the pager has no variable.
        let plain = try content(try document(Screen { PageView { Text("a"); Text("b") } }))[0]
        #expect(plain["variables"] == nil)
        #expect((plain["items"] as? [[String: Any]])?.contains { $0["selected_actions"] != nil } == false)
        // A context of the page view named so is the variable already: declared once.
        let named = Screen {
            PageView(context: Context(id: "onPageChange", value: 0), onPageChange: [.popView]) { Text("a") }
        }
        let namedPager = try content(try document(named))[0]
        #expect((namedPager["variables"] as? [[String: Any]])?.map { $0["name"] as? String } == ["onPageChange"])
    }

    @Test("A text field's onFocus and onBlur run as its focus actions, after they set the card's variable onFocus.value or onBlur.value to the field's text")
    func focusActions() throws {
        let screen = Screen {
            TextInput(
                placeholder: "Name", onFocus: [.setContext(contextId: "typed", value: .expression(.bind("onFocus.value")))],
                onBlur: [.popView])
            TextInput(placeholder: "City", onBlur: [.popStack])
            TextInput(placeholder: "Plain")
        }
        let doc = try document(screen)
        let inputs = try content(doc)
        try #require(inputs.count == 3)
        /// The `set_variable` an event's actions start with: its variable and the value's expression.
        func valueSet(_ action: [String: Any]) -> (variable: String?, value: String?) {
            let typed = action["typed"] as? [String: Any]
            #expect(typed?["type"] as? String == "set_variable")
            return (typed?["variable_name"] as? String, (typed?["value"] as? [String: Any])?["value"] as? String)
        }
        let focus = try #require(inputs[0]["focus"] as? [String: Any])
        let onFocus = try #require(focus["on_focus"] as? [[String: Any]])
        try #require(onFocus.count == 2)
        #expect(valueSet(onFocus[0]) == ("onFocus.value", "@{input_1}"))
        // DivKit reads `@{onFocus.value}` as the variable of that name.
        #expect(valueSet(onFocus[1]) == ("typed", "@{onFocus.value}"))
        let onBlur = try #require(focus["on_blur"] as? [[String: Any]])
        try #require(onBlur.count == 2)
        #expect(valueSet(onBlur[0]) == ("onBlur.value", "@{input_1}"))
        #expect(onBlur[1]["log_id"] as? String == "popView")
        #expect(inputs[0]["extensions"] == nil)
        // The second field's blur reads its own text; it has no focus actions.
        let second = try #require(inputs[1]["focus"] as? [String: Any])
        #expect(second["on_focus"] == nil)
        let secondBlur = try #require(second["on_blur"] as? [[String: Any]])
        try #require(secondBlur.count == 2)
        #expect(valueSet(secondBlur[0]) == ("onBlur.value", "@{input_2}"))
        #expect(inputs[2]["focus"] == nil)
        // Each is one card variable, a string, however many fields use it.
        let variables = try #require((doc["card"] as? [String: Any])?["variables"] as? [[String: Any]])
        #expect(variables.map { $0["name"] as? String } == ["input_1", "onFocus.value", "onBlur.value", "input_2", "input_3"])
        #expect(variables.allSatisfy { $0["type"] as? String == "string" })
        // An operand too reads the event's value as that variable, never as a member of one.
        let inOperation = Screen {
            TextInput(placeholder: "Name", onFocus: [.setContext(contextId: "typed", value: .expression(.bind("concat(onFocus.value, '!')")))])
        }
        let field = try #require(try content(document(inOperation)).first)
        let actions = try #require((field["focus"] as? [String: Any])?["on_focus"] as? [[String: Any]])
        try #require(actions.count == 2)
        #expect(valueSet(actions[1]) == ("typed", "@{(onFocus.value + '!')}"))
    }

    @Test("A list with no data to build from writes no items, keeps its text fields' variables, and leaves the card around it as it was")
    func listWithoutData() throws {
        // Its prototypes are mapped, then the document goes back to before them
        // (`DivBytes.copy()`): the rows around the list stay one template's four uses.
        let row = Text("A row long enough that a template of its four copies pays")
        let screen = Screen {
            row
            row
            ListView(dataSource: "not data") { TextInput(value: "draft") }
            row
            row
        }
        let json = try DivKitRenderer(minimumTemplateSaving: 0).render(screen)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect((doc["templates"] as? [String: Any]).map { Array($0.keys) } == ["sr_t0"])
        let items = try content(doc)
        #expect(items.map { $0["type"] as? String } == ["sr_t0", "sr_t0", "gallery", "sr_t0", "sr_t0"])
        #expect((items[2]["items"] as? [Any])?.isEmpty == true)
        let variables = try #require((doc["card"] as? [String: Any])?["variables"] as? [[String: Any]])
        #expect(variables.map { $0["name"] as? String } == ["input_1"])
        #expect(variables.first?["value"] as? String == "draft")
    }

    @Test("What DivKit has no equivalent of is a custom div or the beagle extension, never dropped")
    func definedOutcomes() throws {
        let screen = Screen {
            WebView(url: "https://example.com")
            Text("styled", styleId: "title")
            Image(named: "avatar")
        }
        let items = try content(try document(screen))
        #expect(items[0]["type"] as? String == "custom" && items[0]["custom_type"] as? String == "webView")
        #expect((items[0]["custom_props"] as? [String: String])?["url"] == "https://example.com")
        let extensions = try #require(items[1]["extensions"] as? [[String: Any]])
        #expect(extensions[0]["id"] as? String == "beagle")
        #expect((extensions[0]["params"] as? [String: String])?["styleId"] == "title")
        #expect(items[2]["custom_type"] as? String == "local_image")
    }

    @Test("Each type gets a custom_type of its own: one named like Beagle's or the mapping's own, a Beagle name Beagle has no type of, or another namespace, is written whole")
    func customTypeNames() throws {
        let types = [
            "custom:badge", "badge", "beagle:tabBar", "beagle:lazyComponent", "custom:webView", "webView", "custom:local_image",
            "local_image", "acme:badge", "custom:acme:badge", "custom:container", "custom:lazyComponent", "beagle:badge",
        ]
        let screen = Screen {
            for type in types { Node(kind: .component, type: type, properties: [.init("label", .string("x"))]) }
            Image(named: "avatar")
        }
        let names = try content(try document(screen)).map { $0["custom_type"] as? String }
        #expect(names == [
            "badge", "badge", "tabBar", "lazyComponent", "custom:webView", "custom:webView", "custom:local_image",
            "custom:local_image", "acme:badge", "custom:acme:badge", "custom:container", "custom:lazyComponent", "beagle:badge",
            "local_image",
        ])
    }

    @Test("Platform pruning leaves out what is for other platforms")
    func platforms() throws {
        let screen = Screen {
            Text("everyone")
            Text("iOS only").platforms(.ios)
        }
        #expect(try content(try document(screen, DivKitRenderer(platform: .android))).map { $0["text"] as? String } == ["everyone"])
        #expect(try content(try document(screen, DivKitRenderer(platform: .ios))).map { $0["text"] as? String } == ["everyone", "iOS only"])
    }

    @Test("Literal text from data is shown exactly and never evaluated", arguments: [
        "plain", "@{secret}", #"\@{secret}"#, #"\\@{secret}"#, #"\\\@{x}"#, "a\\b", "trailing\\", "@{", "it's", "@{''}",
        #"\'"#, "", "@@{x}}",
    ])
    func escaping(text: String) throws {
        let shown = try content(try document(Screen { Text(text) }))[0]["text"] as? String
        #expect(shown.flatMap(divKitReading) == text)
    }

    @Test("A variable's string value from data is read back exactly and never evaluated: a context's, a text field's", arguments: [
        "plain", "@{getStoredStringValue('token','')}", #"\@{secret}"#, "a\\b", "@{", "@{''}", "",
    ])
    func variableValues(text: String) throws {
        let screen = Screen(context: Context(id: "q", value: .string(text))) { TextInput(value: text) }
        let doc = try document(screen)
        let variables = try #require((doc["card"] as? [String: Any])?["variables"] as? [[String: Any]])
        #expect(variables.map { $0["name"] as? String } == ["q", "input_1"])
        for variable in variables {
            #expect((variable["value"] as? String).flatMap(divKitReading) == text, "\(variable)")
        }
    }

    @Test("An action's payload from data reaches the host as it is: escaped where a web client would evaluate it")
    func payloadText() throws {
        let message = "@{getStoredStringValue('token','')} in C:\\dir"
        let screen = Screen { Button("Warn", action: .alert(title: "Hi", message: message)) }
        func payload(_ renderer: DivKitRenderer) throws -> [String: Any] {
            let actions = try #require(try content(try document(screen, renderer))[0]["actions"] as? [[String: Any]])
            return try #require(actions[0]["payload"] as? [String: Any])
        }
        // For any platform, the web's among them: DivKit's rule, which the web client undoes.
        for renderer in [DivKitRenderer(), DivKitRenderer(platform: .web)] {
            let shown = try payload(renderer)
            #expect((shown["message"] as? String).flatMap(divKitReading) == message)
            #expect((shown["message"] as? String)?.hasPrefix("@{''}") == true)
            #expect(shown["title"] as? String == "Hi")
        }
        // For Android or iOS alone, whose hosts get the payload unevaluated: as it is.
        #expect(try payload(DivKitRenderer(platform: .android))["message"] as? String == message)
        #expect(try payload(DivKitRenderer(platform: .mobile))["message"] as? String == message)
    }

    @Test("A navigation URL has what a URL may not hold percent-encoded, which iOS's URL parser refuses")
    func navigationURLs() throws {
        let screen = Screen {
            Button("Search", action: .navigate(to: "/search/red shoes\tsale"))
            Button("Encoded", action: .navigate(to: "/search/red%20shoes"))
            Button("Marks", action: .navigate(to: #"/q/"a"<b>\c^d`e{f|g}?x=1#top"#))
            Button("Accents", action: .navigate(to: "/user/José"))
            // A % that starts no escape, brackets, a second #.
            Button("Odd", action: .navigate(to: "/sale/50%/a[1]%4?q=%2F#x#y%"))
        }
        let urls = try content(try document(screen)).map { ($0["actions"] as? [[String: Any]])?.first?["url"] as? String }
        #expect(urls == [
            "myapp://search/red%20shoes%09sale", "myapp://search/red%20shoes",
            "myapp://q/%22a%22%3Cb%3E%5Cc%5Ed%60e%7Bf%7Cg%7D?x=1#top", "myapp://user/Jos%C3%A9",
            "myapp://sale/50%25/a%5B1%5D%254?q=%2F#x%23y%25",
        ])
    }

    @Test("A web view opens only a web address: javascript: or file: from data never reaches the app's view")
    func webViewAddresses() throws {
        for url in ["javascript:alert(document.cookie)", "file:///etc/passwd", "JAVASCRIPT:x"] {
            let items = try content(try document(Screen { WebView(url: url) }))
            #expect(items[0]["custom_type"] as? String == "webView")
            #expect(!"\(items[0])".contains(url), "\(url)")
        }
        let web = try content(try document(Screen { WebView(url: "https://example.com/a") }))
        #expect((web[0]["custom_props"] as? [String: Any])?["url"] as? String == "https://example.com/a")
    }

    @Test("A member is written once: a button's style paddings replace its own, a touchable with its own id wraps its child")
    func membersWrittenOnce() throws {
        let screen = Screen {
            Button("Padded", action: .popView).style(Style(padding: EdgeValue(all: .real(4))))
            Touchable(action: .navigate(to: "/t")) { Button("Child", action: .popView).id("c") }
                .id("t").style(Style(margin: EdgeValue(all: .real(2))))
            Touchable(action: .navigate(to: "/u")) { Text("Plain").id("p") }
        }
        let json = try DivKitRenderer(usesTemplates: false).render(screen)
        #expect(json.components(separatedBy: #""paddings":"#).count - 1 == 2)  // the padded button's, the child button's
        let items = try content(try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]))
        let four: [String: Int] = ["left": 4, "top": 4, "right": 4, "bottom": 4]
        #expect(items[0]["paddings"] as? [String: Int] == four)
        // The touchable with an id of its own: a container with its id, margins and press
        // around the child's div, which keeps its id and loses its own press.
        #expect(items[1]["type"] as? String == "container")
        #expect(items[1]["id"] as? String == "t")
        #expect(items[1]["margins"] as? [String: Int] == ["left": 2, "top": 2, "right": 2, "bottom": 2])
        #expect((items[1]["actions"] as? [[String: Any]])?.first?["url"] as? String == "myapp://t")
        let child = try #require((items[1]["items"] as? [[String: Any]])?.first)
        #expect(child["id"] as? String == "c")
        #expect(child["text"] as? String == "Child")
        #expect(child["actions"] == nil && child["action"] == nil)
        // With nothing of its own but the press: its child's div, with the press.
        #expect(items[2]["type"] as? String == "text")
        #expect(items[2]["id"] as? String == "p")
        #expect((items[2]["actions"] as? [[String: Any]])?.first?["url"] as? String == "myapp://u")
    }

    @Test("A node for another platform reaches no extension or custom view: a touchable's child, a property of one")
    func otherPlatformsNowhere() throws {
        let screen = Screen {
            Touchable(action: .navigate(to: "/x")) { Text("ios only").platforms(.ios) }.id("t")
            Touchable(action: .navigate(to: "/y")) { Text("ios too").platforms(.ios) }
            Node(kind: .component, type: "custom:card", properties: [.init("badge", .node(Text("ios card").platforms(.ios).node))])
            Node(kind: .component, type: "beagle:text", properties: [.init("text", .string("t")), .init("extra", .node(Text("ios extra").platforms(.ios).node))])
        }
        let android = try DivKitRenderer(platform: .android, usesTemplates: false).render(screen)
        #expect(!android.contains("ios"), "\(android)")
        let ios = try DivKitRenderer(platform: .ios, usesTemplates: false).render(screen)
        #expect(["ios only", "ios too", "ios card", "ios extra"].allSatisfy { ios.contains($0) }, "\(ios)")
    }

    @Test("A name a node holds twice, or beside the mapping's own, is written once: the first, as Node[property:] reads it")
    func namesWrittenOnce() throws {
        let twice = Node(kind: .component, type: "beagle:text", properties: [
            .init("text", .string("a")), .init("extra", .int(1)), .init("extra", .int(2)),
        ])
        let pushed = Node(kind: .action, type: "beagle:pushView", properties: [
            .init("route", .node(.object([.init("screen", .string("s"))]))), .init("navigation", .string("mine")),
        ])
        let json = try DivKitRenderer(usesTemplates: false).render(Screen { twice; Button("Go", action: .custom(pushed)) })
        #expect(json.components(separatedBy: #""extra":"#).count - 1 == 1)
        #expect(json.components(separatedBy: #""navigation":"#).count - 1 == 1)
        let items = try content(try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]))
        let params = ((items[0]["extensions"] as? [[String: Any]])?.first?["params"] as? [String: Any])
        #expect(params?["extra"] as? Int == 1)
        let payload = (items[1]["actions"] as? [[String: Any]])?.first?["payload"] as? [String: Any]
        #expect(payload?["navigation"] as? String == "pushView")
    }

    @Test("Nothing for another platform reaches an extension, a payload or a typed value, nor leaves an empty extension")
    func otherPlatformsOutOfPassedValues() throws {
        let iosOnly = Node.Value.node(Text("ios").platforms(.ios).node)
        let share = Node(kind: .action, type: "custom:share", properties: [.init("card", iosOnly), .init("what", .string("w"))])
        let set = Node(kind: .action, type: "beagle:setContext", properties: [
            .init("contextId", .string("c")), .init("value", .list([.int(1), iosOnly, .node(.object([.init("deep", iosOnly)]))])),
        ])
        let screen = Screen {
            Node(kind: .component, type: "beagle:text", properties: [.init("text", .string("t")), .init("extra", iosOnly)])
            Button("Share", action: .custom(share))
            Button("Set", action: .custom(set))
        }
        let items = try content(try document(screen, DivKitRenderer(platform: .android, usesTemplates: false)))
        #expect(items[0]["extensions"] == nil)
        let payload = try #require((items[1]["actions"] as? [[String: Any]])?.first?["payload"] as? [String: Any])
        #expect(payload.keys.sorted() == ["what"])
        let typed = try #require((items[2]["actions"] as? [[String: Any]])?.first?["typed"] as? [String: Any])
        let value = try #require(typed["value"] as? [String: Any])
        #expect(value["type"] as? String == "array")
        let array = try #require(value["value"] as? [Any])
        #expect(array.count == 2)
        #expect(array.first as? Int == 1)
        #expect((array.last as? [String: Any])?.isEmpty == true)
    }

    @Test("A custom view's props, large or small, hold each name once: the first of those for the card's platform")
    func customPropsOnce() throws {
        let iosOnly = Node.Value.node(Text("ios").platforms(.ios).node)
        let small: [Node.Property] = [.init("dup", iosOnly), .init("dup", .int(1)), .init("dup", .int(2))]
        // Past 16 members the names seen are kept in a set, not compared pairwise.
        let numbered = (0..<20).map { Node.Property("p\($0)", .int($0)) }
        let large = small + numbered + [.init("p3", .int(99))]
        let cases: [(properties: [Node.Property], props: String)] = [
            (small, #"{"dup":1}"#),
            (large, #"{"dup":1,"# + numbered.map { #""\#($0.name)":\#($0.name.dropFirst())"# }.joined(separator: ",") + "}"),
        ]
        for (properties, props) in cases {
            let screen = Screen { Node(kind: .component, type: "custom:card", properties: properties) }
            let json = try DivKitRenderer(platform: .android, usesTemplates: false).render(screen)
            #expect(json.contains(#""custom_props":"# + props + "}"), "\(json)")
        }
    }

    @Test("A value written straight into the card is the value built and then written, to the byte and the record")
    func rawWrittenAsBuilt() {
        let iosOnly = Node.Value.node(Text("ios").platforms(.ios).node)
        let typed = Node(kind: .component, type: #"custom:a@{b}\c"#, properties: [
            .init("type", .string("shadowed")), .init("n", .int(-3)), .init("x", .double(.infinity)),
            .init("half", .double(0.5)), .init("on", .bool(true)), .init("said", .string(#"a\b @{c}"#)),
            .init("bound", .expression("\(bind: "user.name")")), .init("gone", iosOnly), .init("n", .int(4)),
        ])
        let nested = Node.object([.init("inner", .node(typed)), .init("list", .list([.int(1), iosOnly, .node(typed)]))])
        let large = Node.object((0..<20).map { Node.Property("k\($0 % 18)", .int($0)) } + [.init("last", iosOnly)])
        for value in [Node.Value.node(typed), .node(nested), .node(large), .list([iosOnly, .string("s"), .node(.object([]))])] {
            for escaped in [false, true] {
                var built = DivKitMapping(appScheme: "myapp", platform: .android)
                let json = built.raw(value, escaped: escaped)
                built.document.append(json)
                var written = DivKitMapping(appScheme: "myapp", platform: .android)
                written.writeRaw(value, escaped: escaped)
                #expect(String(decoding: written.document.bytes, as: UTF8.self) == String(decoding: built.document.bytes, as: UTF8.self))
                #expect(written.document.values.map { "\($0.key.map(String.init) ?? "-") \($0.range) \($0.kind) \($0.isFreeForm)" }
                    == built.document.values.map { "\($0.key.map(String.init) ?? "-") \($0.range) \($0.kind) \($0.isFreeForm)" })
            }
        }
        // And what both write: the nested type escaped with the strings, the node for iOS left out.
        var mapping = DivKitMapping(appScheme: "myapp", platform: .android)
        mapping.writeRaw(.node(typed), escaped: true)
        #expect(String(decoding: mapping.document.bytes, as: UTF8.self)
            == #"{"type":"@{''}custom:a\\@{b}\\\\c","n":-3,"x":"inf","half":0.5,"on":true,"said":"@{''}a\\\\b \\@{c}","bound":"@{getStringFromDict(user, 'name')}"}"#)
    }

    @Test("A div's id and the card's log_id, which no client evaluates, are written as they are")
    func identifiersAsTheyAre() throws {
        let id = #"a@{b}\c"#
        let doc = try document(Screen(id: id) { Text("x").id(id) }, DivKitRenderer(usesTemplates: false))
        #expect((doc["card"] as? [String: Any])?["log_id"] as? String == id)
        #expect(try content(doc).first?["id"] as? String == id)
    }

    @Test("Text beside a binding: each backslash doubled, each @{ escaped, only the binding live")
    func escapingBesideABinding() throws {
        let screen = Screen { Text("C:\\dir @{x} \(bind: "user.name")") }
        let items = try content(try document(screen, DivKitRenderer()))
        #expect(items.first?["text"] as? String == #"C:\\dir \@{x} @{getStringFromDict(user, 'name')}"#)
    }

    @Test("A 100-row list is one template and 100 short uses, and it saves bytes")
    func templates() throws {
        let screen = Screen {
            Container {
                for row in 0..<100 {
                    Button("Row \(row)", action: .navigate(to: "/products/p\(row)"))
                }
            }
        }
        let templated = try DivKitRenderer().render(screen)
        let plain = try DivKitRenderer(usesTemplates: false).render(screen)
        #expect(templated.utf8.count * 2 < plain.utf8.count)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(templated.utf8)) as? [String: Any])
        let templates = try #require(doc["templates"] as? [String: Any])
        #expect(templates.count == 1)
        let rows = try content(doc)
        #expect(rows.count == 100 && Set(rows.compactMap { $0["type"] as? String }).count == 1)
        // Expanded, the document is the one without templates.
        let expanded = try DivKitTemplateExpansion.expand(doc)
        for (index, row) in try content(expanded).enumerated() {
            #expect(row["text"] as? String == "Row \(index)")
            #expect((row["actions"] as? [[String: Any]])?.first?["url"] as? String == "myapp://products/p\(index)")
        }
        // Two rows differ too little to pay for a template.
        let two = try DivKitRenderer().render(Screen { Text("a"); Text("b") })
        #expect(two.hasPrefix(#"{"templates":{}"#))
    }

    @Test("A card gets templates only when together they save at least the renderer's minimum, to the byte")
    func minimumSaving() throws {
        func rows(_ count: Int, _ text: String) -> [any Component] {
            (0..<count).map { Button("\(text) \($0)", action: .navigate(to: "/rows/\($0)")) }
        }
        let screens = [
            Screen { Container { Text("a"); Text("b") } },
            Screen { Container { rows(3, "Row") } },
            Screen { Container { rows(12, "A longer row title") } },
            // Two shapes, so two templates: rows, and texts in a container of their own.
            Screen {
                Container { rows(4, "Row") }
                Container { for index in 0..<6 { Text("Line \(index)", styleId: "body") } }
            },
        ]
        var savings: [Int] = []
        for screen in screens {
            let plain = try DivKitRenderer(usesTemplates: false).render(screen)
            let templated = try DivKitRenderer(minimumTemplateSaving: 0).render(screen)
            let saving = plain.utf8.count - templated.utf8.count
            savings.append(saving)
            for minimum in [saving - 1, saving, saving + 1] {
                let written = try DivKitRenderer(minimumTemplateSaving: minimum).render(screen)
                #expect(written == (saving > 0 && minimum <= saving ? templated : plain), "saving \(saving), minimum \(minimum)")
            }
        }
        // Two short texts save nothing; the others save bytes, the last with two templates.
        #expect(savings[0] <= 0 && savings[1...].allSatisfy { $0 > 0 }, "\(savings)")
        let two = try DivKitRenderer(minimumTemplateSaving: 0).render(screens[3])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(two.utf8)) as? [String: Any])
        #expect((doc["templates"] as? [String: Any])?.count == 2)
        // By default a kilobyte: the twelve long rows pay it, three short ones do not.
        #expect(try DivKitRenderer().render(screens[2]) == DivKitRenderer(minimumTemplateSaving: 0).render(screens[2]))
        #expect(try DivKitRenderer().render(screens[1]) == DivKitRenderer(usesTemplates: false).render(screens[1]))
        #expect(savings[2] >= 1024 && savings[1] < 1024)
    }

    @Test("Compact JSON indented afterwards is what the indenting writer writes, for any string, number and nesting; integers in decimal, doubles as their description")
    func indentation() {
        let strings = XMLHostile.strings + ["\u{2028}\u{2029}\u{FEFF}", "\u{E2}\u{80}", "a\"b\\c", "{[,:]}", "\\\""]
        var values: [DivJSON] = strings.map(DivJSON.string) + [0, 9, 10, -1, -9, -10, -42, 99, 100, Int.max, Int.min].map(DivJSON.int) + [.double(1.5), .double(-0.0),
                                                               .double(.infinity), .double(.nan), .bool(true), .bool(false), .array([]), .object([])]
        values.append(.array(values))
        values.append(.object(strings.map { .init($0, .string($0)) } + [.init("nested", .array(values)), .init("empty", .object([]))]))
        for value in values {
            var compact = JSONWriter(pretty: false)
            value.write(into: &compact)
            var pretty = JSONWriter(pretty: true)
            value.write(into: &pretty)
            #expect(JSONWriter.indented(compact.output.bytes) == pretty.output.bytes, "\(compact.output.bytes.prefix(40))")
        }
        for number in [0, 7, 9, 10, 11, 99, 100, 101, 1_000_000, -1, -10, -99, Int.max, Int.min, Int.max - 1, Int.min + 1] {
            var writer = JSONWriter(pretty: false)
            writer.int(number)
            #expect(String(decoding: writer.output.bytes, as: UTF8.self) == String(number))
        }
        // Whole numbers take a shorter way than `description`, and must come out the same.
        let doubles: [Double] = [0, -0.0, 80, -42, 0.5, 1e15 - 1, 1e15, -1e15, 1e16, 9_007_199_254_740_992, 1e-7, 123.25]
        for number in doubles {
            var writer = JSONWriter(pretty: false)
            writer.double(number)
            #expect(String(decoding: writer.output.bytes, as: UTF8.self) == number.description)
            #expect(XMLDialect.format(number) == number.description)
        }
    }

    @Test("A template's counted saving is the bytes its definition and uses save over the divs")
    func templateSaving() throws {
        func div(_ text: String, _ url: String, size: Int = 14) -> DivJSON {
            .object([
                .init("type", .string("text")), .init("text", .string(text)), .init("font_size", .int(size)),
                .init("actions", .array([.object([.init("log_id", .string("tap")), .init("url", .string(url))])])),
            ])
        }
        /// The divs written as items (their records are the document's items).
        func written(_ divs: [DivJSON]) -> DivBytes {
            var document = DivBytes()
            document.beginArray()
            for div in divs {
                let item = document.beginItem()
                document.append(div)
                document.endItem(item)
            }
            document.endArray()
            return document
        }
        let groups: [[DivJSON]] = [
            [div("a", "u"), div("b", "u")],
            [div("Row 1", "myapp://p/1"), div("Row 2", "myapp://p/2"), div("Row 3", "myapp://p/3")],
            [div("same", "same"), div("same", "same")],
            (0..<12).map { div("\"q\" \($0)", "myapp://p/\($0)", size: $0) },
            [div("\u{2028}", "x"), div("", "y")],
        ]
        for (index, divs) in groups.enumerated() {
            let document = written(divs)
            let items = document.items
            let bytes = document.bytes
            #expect(items.map { Array(bytes[$0.range]) } == divs.map { div in
                var writer = JSONWriter(pretty: false)
                div.write(into: &writer)
                return writer.output.bytes
            })
            // Made before `#require`, whose expansion copies what it is given.
            let made = DivKitTemplates.Template(document, items, name: "sr_t\(index)")
            let template = try #require(made)
            let separate = items.reduce(0) { $0 + $1.range.count }
            var uses = JSONWriter(pretty: false)
            for fields in template.fields { template.writeUse(fields, of: document, into: &uses) }
            let templated = JSONWriter.quotedSize(template.name) + 1 + template.definition.count + 1 + uses.output.count
            #expect(template.savedBytes == separate - templated, "group \(index)")
            // The cheap test before merging never turns down a template that saves bytes.
            let mayPay = DivKitTemplates.Template.mayPay(divs.count, name: template.name, size: items[0].range.count)
            #expect(mayPay || template.savedBytes <= 0, "group \(index)")
        }
        // The values that differ become links; the rest stay in the definition.
        let document = written([div("Row 1", "myapp://p/1"), div("Row 2", "myapp://p/2")])
        let items = document.items
        let made = DivKitTemplates.Template(document, items, name: "sr_t0")
        let template = try #require(made)
        #expect(String(decoding: template.definition, as: UTF8.self)
            == #"{"type":"text","$text":"sr_0","font_size":14,"actions":[{"log_id":"tap","$url":"sr_1"}]}"#)
        #expect(!DivKitTemplates.Template.mayPay(2, name: "sr_t0", size: #"{"type":"text","text":"a"}"#.utf8.count))
        #expect(DivKitTemplates.Template.mayPay(3, name: "sr_t0", size: items[0].range.count))
    }

    @Test("Templated and expanded, or indented, a card is the card written plainly: generated trees, and divs rewritten after they were written")
    func templatesKeepTheCard() throws {
        func parsed(_ json: String) throws -> NSDictionary {
            try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? NSDictionary)
        }
        func check(_ node: Node) throws {
            let plainJSON = DivKitRenderer(usesTemplates: false).render(node)
            let plain = try parsed(plainJSON)
            let templated = DivKitRenderer(minimumTemplateSaving: 0).render(node)
            // The cheap bound never turns templates down: asked to save exactly what they
            // save, a card still gets them.
            let saving = plainJSON.utf8.count - templated.utf8.count
            if saving > 0 { #expect(DivKitRenderer(minimumTemplateSaving: saving).render(node) == templated) }
            let templates = try #require(try parsed(templated)["templates"] as? [String: Any])
            #expect(!DivKitTemplateExpansion.linksInFreeForm(templates), "\(templated.prefix(300))")
            let expanded = try DivKitTemplateExpansion.expand(try #require(try parsed(templated) as? [String: Any]))
            #expect(NSDictionary(dictionary: expanded).isEqual(to: plain as? [AnyHashable: Any] ?? [:]), "\(templated.prefix(300))")
            #expect(try parsed(DivKitRenderer(pretty: true, minimumTemplateSaving: 0).render(node)).isEqual(to: try parsed(templated) as? [AnyHashable: Any] ?? [:]))
        }
        // A touchable's child loses its actions to the touchable's, a button its
        // accessibility to its own: members removed from a div already written, before
        // and among rows that share a template.
        let rows = (0..<4).map { index in
            Touchable(action: .navigate(to: "/rows/\(index)")) {
                Button("Row \(index)", action: .navigate(to: "/other/\(index)")).accessibility(Accessibility(label: "Row \(index)"))
            }
        }
        let screen = Screen {
            Button("Top", action: .navigate(to: "/top")).accessibility(Accessibility(label: "Top"))
            Container { rows[0]; rows[1] }
            Container { rows[2]; rows[3] }
        }
        try check(screen.node)
        let plain = try DivKitRenderer(usesTemplates: false).render(screen)
        #expect(plain.contains(#""url":"myapp://rows/3""#) && !plain.contains("myapp://other/"))
        #expect(plain.components(separatedBy: #""accessibility":{"description":"Row"#).count == 5)
        #expect(try DivKitRenderer(minimumTemplateSaving: 0).render(screen).contains(#"{"type":"sr_t0","sr_0":"Row 2","sr_1":"Row 2","sr_2":"myapp://rows/2""#))
        var generator = XMLTreeGenerator(seed: 0xD1E)
        for _ in 0..<300 { try check(generator.node()) }
        // Rows of a custom view whose properties differ: its `custom_props` is passed as it
        // is by Android and iOS's typed parser, so nothing in it is linked, and the rows,
        // with no other value to link, are not templated.
        let badges = Screen {
            Container {
                for index in 0..<6 {
                    Node(kind: .component, type: "custom:badge", properties: [
                        .init("label", .string("Badge number \(index)")), .init("count", .int(7)),
                    ])
                }
            }
        }
        try check(badges.node)
        let written = try DivKitRenderer(minimumTemplateSaving: 0).render(badges)
        #expect(written.hasPrefix(#"{"templates":{}"#) && written.contains(#""custom_props":{"label":"Badge number 5","count":7}"#))
    }

    @Test("A back stack is one card whose states are the screens, the top one first")
    func stack() async throws {
        let entries = try await Catalog.registry.stackScreens(endingAt: Catalog.registry.resolve("/cards/7/detail"))
        let json = try ScreenFormat.divkit.renderStack(entries)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let states = try #require((doc["card"] as? [String: Any])?["states"] as? [[String: Any]])
        #expect(states.map { $0["state_id"] as? Int } == [3, 2, 1, 0])
    }
}

/// DivKit's template expansion, for tests: a div whose type names a template gets the
/// template's properties, `$key` links filled from the use's fields.
enum DivKitTemplateExpansion {
    /// Whether `value` has a `$` link inside an object that DivKit's schema leaves
    /// free-form (`custom_props`, an extension's `params`, an action's `payload`, a typed
    /// `dict` or `array` value), which Android's parser and iOS's typed one do not resolve
    /// (their `DivCustom` reads `custom_props` as a plain JSON object).
    static func linksInFreeForm(_ value: Any, inFreeForm: Bool = false) -> Bool {
        if let list = value as? [Any] { return list.contains { linksInFreeForm($0, inFreeForm: inFreeForm) } }
        guard let object = value as? [String: Any] else { return false }
        let isTypedCollection = ["dict", "array"].contains(object["type"] as? String ?? "")
        return object.contains { key, member in
            if inFreeForm && key.hasPrefix("$") { return true }
            let freeForm = inFreeForm || ["custom_props", "params", "payload"].contains(key) || (isTypedCollection && key == "value")
            return linksInFreeForm(member, inFreeForm: freeForm)
        }
    }

    static func expand(_ document: [String: Any]) throws -> [String: Any] {
        let templates = document["templates"] as? [String: Any] ?? [:]
        return ["templates": [String: Any](), "card": expand(document["card"] as Any, templates)]
    }

    private static func resolve(_ value: Any, _ use: [String: Any]) -> Any {
        if let list = value as? [Any] { return list.map { resolve($0, use) } }
        guard let object = value as? [String: Any] else { return value }
        var resolved: [String: Any] = [:]
        for (key, item) in object {
            if key.hasPrefix("$") {
                if let field = item as? String, let filled = use[field] { resolved[String(key.dropFirst())] = filled }
            } else {
                resolved[key] = resolve(item, use)
            }
        }
        return resolved
    }

    /// The link names `template` fills from its uses (`"$text": "sr_0"` names `sr_0`).
    private static func links(_ template: Any) -> Set<String> {
        if let list = template as? [Any] { return list.reduce(into: []) { $0.formUnion(links($1)) } }
        guard let object = template as? [String: Any] else { return [] }
        return object.reduce(into: []) { result, member in
            if member.key.hasPrefix("$"), let link = member.value as? String { result.insert(link) } else { result.formUnion(links(member.value)) }
        }
    }

    private static func expand(_ value: Any, _ templates: [String: Any]) -> Any {
        if let list = value as? [Any] { return list.map { expand($0, templates) } }
        guard let object = value as? [String: Any] else { return value }
        if let type = object["type"] as? String, let template = templates[type] {
            var merged = resolve(template, object) as? [String: Any] ?? [:]
            // The use's other fields override the template's, but for the links it fills.
            for (key, item) in object where key != "type" && !links(template).contains(key) { merged[key] = item }
            return expand(merged, templates)
        }
        return object.mapValues { expand($0, templates) }
    }
}

@Suite("DivKit: the catalog's documents")
struct DivKitGoldenTests {
    @Test("Catalog screens match their golden documents, read by a person", arguments: DivKitGoldenTests.catalog)
    func golden(path: String, file: String) async throws {
        let screen = try await Catalog.registry.screen(for: path, context: TrustedContext(session: "s1"))
        try GoldenFile.check(DivKitRenderer(pretty: true).render(screen), file)
    }

    static let catalog: [(String, String)] = [
        ("/profile/42", "profile.divkit.json"), ("/home", "home.divkit.json"), ("/products", "products.divkit.json"),
        ("/payment?product=p1", "payment.divkit.json"), ("/login/registration", "registration.divkit.json"),
    ]
}

@Suite("DivKit: DivKit's own schema")
struct DivKitConformanceTests {
    @Test(
        "Every catalog route, its stack, and 300 generated trees with hostile strings validate",
        .enabled(if: Conformance.isEnabled, Comment(rawValue: Conformance.whenSkipped))
    )
    func schema() async throws {
        let folder = try Conformance.folder("divkit")
        defer { try? FileManager.default.removeItem(at: folder) }
        var count = 0
        func write(_ json: String) throws {
            try json.write(to: folder.appendingPathComponent("\(count).json"), atomically: false, encoding: .utf8)
            count += 1
        }
        for (_, screen, stack) in try await Conformance.catalogScreens() {
            // Templated wherever it saves a byte, so that templates are checked on small screens too.
            try write(try DivKitRenderer(minimumTemplateSaving: 0).render(screen))
            try write(try DivKitRenderer(pretty: true, platform: .ios, usesTemplates: false).render(screen))
            try write(DivKitRenderer(minimumTemplateSaving: 0).renderStack(stack))
        }
        var generator = XMLTreeGenerator(seed: 0xD1F)
        for index in 0..<300 {
            let text = XMLHostile.strings[index % XMLHostile.strings.count] + #"\@{x} @{y}\"#
            if index % 2 == 0 {
                try write(DivKitRenderer(minimumTemplateSaving: 0).render(generator.node()))
            } else {
                try write(try DivKitRenderer(minimumTemplateSaving: 0).render(Screen(id: text, title: text, context: Context(id: "c", value: [text: .string(text)])) {
                    Text(text, textColor: text, alignment: .right).id(text)
                        .style(Style(backgroundColor: "#ABC", cornerRadius: 4, size: Size(width: .real(20), height: .percent(100)),
                                     padding: EdgeValue(all: .real(8)), flex: Flex(alignSelf: .center)))
                        .accessibility(Accessibility(label: text))
                    Button(text, action: .alert(title: text, message: text))
                    Image(url: text, placeholder: text)
                    TextInput(
                        value: text, placeholder: text, type: .password,
                        onFocus: [.setContext(contextId: text, value: .expression(.bind("onFocus.value")))], onBlur: [.popView])
                    ListView(dataSource: .bind("items"), iteratorName: "item") { Text("\(text) \(bind: "item.name")").id(text) }
                    Touchable(action: .navigate(to: "/" + text)) { Text(text) }
                    // Members that the mapping and the style, or a touchable and its child, both set.
                    Button(text, action: .popView).style(Style(padding: EdgeValue(all: .real(4))))
                    Touchable(action: .navigate(to: "/" + text)) {
                        Button(text, action: .popView).id(text).style(Style(margin: EdgeValue(all: .real(1))))
                    }.id(text).style(Style(margin: EdgeValue(all: .real(2)))).accessibility(Accessibility(label: text))
                    ScrollView(scrollDirection: .horizontal) { Text(text); Text(text) }
                    PageView(onPageChange: [.setContext(contextId: text, value: .expression(.bind("onPageChange")))], currentPage: "0") {
                        Text(text)
                        Text(text)
                    }
                    TabBar(items: [.init(title: text, icon: text)])
                    Button("Go", action: .setContext(contextId: text, value: .string(text)))
                    Node(kind: .component, type: "custom:\(text)", properties: [.init(text, .string(text))])
                }))
            }
        }
        let (status, report) = try Conformance.run("divkit_schema.py", [folder.path])
        #expect(status == 0, "\(report)")
        #expect(report.contains("\(count) documents, 0 problems"), "\(report)")
    }
}
