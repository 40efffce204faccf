import ScreenRegistry

extension ClientCapabilities {
    /// DivKit's clients, by the DivKit release (one numbering for Android, iOS and Web
    /// since 3.0.0). Each type is listed with the div or action the renderer writes for it
    /// and the first release in which every platform has that; the rest (tab bars, web
    /// views, custom components, the Beagle actions DivKit has no action for) is written as
    /// a `custom` div or a log action the app's own code must handle.
    ///
    /// Sources, in `divkit/divkit`: `CHANGELOG.md`, whose first entry is 4.0.0 (August
    /// 2022): `text`, `container`, `image`, `gallery`, `pager`, `input`, templates, url
    /// actions and expressions already exist on Android and iOS there ("available by
    /// 4.0.0"); `client/web/divkit/CHANGELOG.md` 3.0.0: "Version now in sync with the
    /// Android and iOS"; `CHANGELOG.md` 30.4.0: "Added `dict_set_value` action" (all three
    /// platforms), which `setContext` needs beside `set_variable` (iOS 28.3.0, Web 28.8.0).
    public static let divKit = {
        var capabilities = divKitData
        // And their operands, as the mapping writes them: DivKit's `!` takes one, its
        // comparisons two (and order numbers only), its ternary three, and each operator
        // operands of one type (`operations_equality_with_different_types.json`,
        // `operations_logical_boolean.json`, `operations_comparison_boolean.json`); the
        // mapping writes a ternary's branches as one type, too.
        capabilities.writesBinding = DivKitExpression.writes
        return capabilities
    }()

    private static let divKitData = ClientCapabilities(
        client: "divkit", format: .divkit,
        types: [
            ("beagle:screenComponent", Version("4.0")),  // the card and its state
            ("beagle:container", Version("4.0")),  // container
            ("beagle:text", Version("4.0")),  // text
            ("beagle:button", Version("4.0")),  // text with actions
            ("beagle:image", Version("4.0")),  // image
            ("beagle:textInput", Version("4.0")),  // input with a text variable
            // A gallery with an `item_builder`: `CHANGELOG.md` 30.12.0 (iOS), 30.19.0 (Android),
            // `client/web/divkit/CHANGELOG.md` 30.31.0 ("support for the `item_buildr` in the
            // `gallery` component").
            ("beagle:listView", Version("30.31")),
            ("beagle:scrollView", Version("4.0")),  // container or gallery
            ("beagle:touchable", Version("4.0")),  // the child with actions
            ("beagle:pageView", Version("4.0")),  // pager
            ("beagle:pushView", Version("4.0")), ("beagle:pushStack", Version("4.0")),  // url actions
            ("beagle:resetApplication", Version("4.0")), ("beagle:resetStack", Version("4.0")),
            ("beagle:openExternalURL", Version("4.0")),
            ("beagle:setContext", Version("30.4")),  // set_variable or dict_set_value
        ],
        // `CHANGELOG.md` 28.2.0 (Android) "Support alignments with spaces", 28.3.0 (iOS)
        // "Implemented `space-between`…`space-evenly` alignments", 25.3.0 (Web); 29.9.0
        // (Android, Web) "`keyboard_type` = `password` has been supported", 31.7.0 (iOS)
        // "Supported `password` `keyboard_type`".
        //
        // What an older client ignores and so renders wrongly: a disabled button's actions
        // (`is_enabled` on an action, 29.2.0 on all three: "Supported `is_enabled` property
        // in `div-action`"), which it would run; a read-only input (`is_enabled` on `input`:
        // iOS 29.13.0, Android 29.14.0, Web 29.15.0 "Supported flag `is_enabled` for
        // `input`"), which it would let the user edit; a container's or pager's context
        // (a div's own `variables`: iOS 30.8.0, Android 30.14.0, Web 30.19.0 "Added local
        // `variables` support"), whose bindings it could not resolve; and so a page view's
        // `onPageChange`, whose index is a variable of the pager that each page's
        // `selected_actions` set (`schema/div-base.json` lists Android, iOS and web; web since
        // 12.0.0, "Supported for the `selected_actions` in `pager`"; no entry for Android or
        // iOS, whose pagers dispatch them, e.g. Android's `PagerSelectedActionsDispatcher`).
        // A text field's `onFocus` and `onBlur` are its `focus.on_focus` and `on_blur`
        // (`schema/div-focus.json`; iOS 6.0.0 "Added focus support in DivInput", web 27.2.0
        // "Added support for the `focus` parameters", no entry for Android, whose
        // `DivFocusBinder` runs them), whose implicit context's value a typed `set_variable`
        // sets first, as for `setContext`.
        properties: [
            .init("*", ["style", "flex", "justifyContent"], ["SPACE_BETWEEN", "SPACE_AROUND", "SPACE_EVENLY"], since: Self.version("28.3")),
            .init("beagle:textInput", ["type"], ["PASSWORD"], since: Self.version("31.7")),
            .init("beagle:button", ["enabled"], matching: .flag(false), alongside: ["onPress"], since: Self.version("29.2")),
            .init("beagle:textInput", ["readOnly"], matching: .flag(true), since: Self.version("29.15")),
            .init("beagle:textInput", ["enabled"], matching: .flag(false), since: Self.version("29.15")),
            .init("beagle:container", ["context"], matching: .present, since: Self.version("30.19")),
            .init("beagle:pageView", ["context"], matching: .present, since: Self.version("30.19")),
            .init("beagle:pageView", ["onPageChange"], matching: .present, since: Self.version("30.19")),
            .init("beagle:textInput", ["onFocus"], matching: .present, since: Self.version("30.4")),
            .init("beagle:textInput", ["onBlur"], matching: .present, since: Self.version("30.4")),
        ],
        // A binding's path into context data is read through typed getters
        // (`DivKitExpression+Bindings.swift`), which an older client cannot evaluate. A
        // member or item in one step, `getStringFromDict(user, 'name')`: `CHANGELOG.md`
        // 28.1.0 (Android) "Added `get<Type>FromDict/get<Type>FromArray` functions", 28.6.0
        // (Web) "Added aliases for the existing `dict` fucntions: `getStringFromDict`…" and
        // "Added `array` variable type, alongside with … `getStringFromArray`,
        // `getOptDictFromArray` and others"; iOS has no entry, and `divkit/divkit-ios`'s
        // `DivKit/Expressions/Functions/DictFunctions.swift` and `ArrayFunctions.swift` gain
        // them, `getDictFromArray` and `getArrayFromArray` with them, at its tag 28.5.0. An
        // object or list taken out on the way, `getArrayFromDict(item, 'tags')`: 29.5.0
        // (Android) "Supported functions `getArrayFromDict`, `getDictFromDict`…", 29.4.0
        // (Web) "Added `getDictFromDict`, `getArrayFromDict`…"; iOS at its tag 29.5.0
        // (`DictFunctions.swift`); Android's `getDictFromArray` and `getArrayFromArray` have no
        // entry, and are in its `ArrayFunctions.kt` at commit bc158f4, between 28.11.0 (it
        // has that release's URL getters) and 29.0.0 (which made its functions stateless).
        // A path of one step whose getter reads an object or list (`getArrayFromDict(user,
        // 'orders')`) is a list view's data source, and list views need 30.31. An event's
        // value read whole (`onFocus.value`) is a name in scope, not a path, but only fields
        // from 30.4 have one, so the fit never sees it from an older client. What the fit
        // reads is every binding of a node the client renders, also one the mapping keeps
        // in the node's `beagle` extension as text: refused with the rest, not evaluated.
        paths: [
            .init(.member, since: Self.version("28.6")),
            .init(.nestedMember, since: Self.version("29.5")),
        ],
        // Beagle's operations that DivKit has an operator or function of the same meaning
        // for, which the mapping writes as those (`DivKitExpression+Bindings.swift`, from
        // `test_data/expression_test_data/`: `operations_*.json`, `function_signatures_*.json`).
        // Any other (`divide`, whose integers DivKit truncates; `isNull`, DivKit having no
        // null; `length`, `substr`, `contains`, the array operations) would reach the client
        // as it is, which fails on it.
        bindingOperations: DivKitExpression.operationsWritten,
        // `image` needs an `image_url` (required in `schema/div-image.json`): an asset of the
        // app is the app's own `local_image` div. A touchable's actions go on its child's
        // div: without one, it is the app's own `touchable`.
        appViewForms: [.localImage, .touchableOfNoSingleComponent],
        sources: [
            "divkit/divkit CHANGELOG.md (4.0.0, 6.0.0, 12.0.0, 27.2.0, 28.1.0, 28.2.0, 28.3.0, 28.6.0, 28.8.0, 29.2.0, 29.4.0, 29.5.0, 29.9.0, 29.13.0, 29.14.0, 29.15.0, 30.4.0, 30.8.0, 30.12.0, 30.14.0, 30.19.0, 31.7.0)",
            "divkit/divkit client/web/divkit/CHANGELOG.md (3.0.0, 30.31.0)",
            "divkit/divkit-ios DivKit/Expressions/Functions/DictFunctions.swift and ArrayFunctions.swift (tags 28.4.0, 28.5.0, 29.4.0, 29.5.0)",
            "divkit/divkit client/android/div-evaluable/.../function/ArrayFunctions.kt (bc158f4)",
        ])
}
