import ScreenRegistry

extension ClientCapabilities {
    /// Hyperview's client, by the version of its npm package `hyperview` (what it sends in
    /// `X-Hyperview-Version` since 0.6.0; 0.5.0 sent the header with a fixed `0.6`). Each
    /// type is listed with the element or behavior the renderer writes for it and the
    /// first version that has it; the rest is the app's own: a custom component (or a
    /// local image, or a web view of no web address) is an `sr:` element Hyperview shows
    /// only through a custom element the app registers, and an action without a behavior
    /// (a request, a context, a navigation whose route has no path) is written only in a
    /// comment, so no app runs it.
    ///
    /// Sources, in `Instawork/hyperview`: `CHANGELOG.md` 0.1.0 ("Added `<screen>`,
    /// `<body>`, `<header>`, `<view>`, `<text>`", `<text-field>`, `<list>`, `<item>`, and the
    /// `push`, `new`, `back`, `close`, `navigate` actions), 0.2.0 (`<select-single>`,
    /// `<option>`, `<form>`), 0.7.0 (`alert` with `<alert:option>`); `<doc>`, `<styles>` and
    /// `<image>` are in the first public commit (0.5.0, `docs/reference_doc.md`,
    /// `src/types.js`); `<web-view>` since tag v0.11.0 (`src/components/hv-web-view`),
    /// `deep-link` since v0.13.0 (`src/types.js`), `<items>` since v0.26.0 (commit 720abeb0,
    /// schema and docs).
    public static let hyperview = ClientCapabilities(
        client: "hyperview", format: .hxml,
        types: [
            ("beagle:screenComponent", Version("0.5")),  // doc, screen, styles, body, header
            ("beagle:container", Version("0.1")),  // view
            ("beagle:text", Version("0.1")),  // text
            ("beagle:button", Version("0.1")),  // view, text and behavior
            ("beagle:image", Version("0.5")),  // image
            ("beagle:textInput", Version("0.1")),  // text-field in a form
            ("beagle:listView", Version("0.26")),  // list with items
            ("beagle:scrollView", Version("0.1")),  // view; horizontal below
            ("beagle:pageView", Version("0.3")),  // view with scroll-orientation="horizontal"
            ("beagle:touchable", Version("0.1")),  // the child with a behavior
            ("beagle:tabBar", Version("0.2")),  // select-single with options
            ("beagle:webView", Version("0.11")),  // web-view
            ("beagle:pushView", Version("0.1")), ("beagle:pushStack", Version("0.1")),  // push, new
            ("beagle:resetApplication", Version("0.1")), ("beagle:resetStack", Version("0.1")),  // navigate
            ("beagle:popView", Version("0.1")), ("beagle:popStack", Version("0.1")), ("beagle:popToView", Version("0.1")),  // back, close, navigate
            ("beagle:openExternalURL", Version("0.13")), ("beagle:openNativeRoute", Version("0.13")),  // deep-link
            ("beagle:alert", Version("0.7")), ("beagle:confirm", Version("0.7")),  // alert
        ],
        // `CHANGELOG.md` 0.3.0 "Added `scroll-orientation` attribute to `<view>` elements"
        // (before it, a view scrolls vertically only); 0.4.0 "Added `keyboard-type` attribute
        // on `<text-field>` elements";
        // `secure-text` since tag v0.34.1 (commit 858eed2e "support secure-text for text
        // fields"); `resizeMode` on `<image>` in the schema from v0.40.2, listed under
        // 0.41.0 in `CHANGELOG.md` (the later one is taken). Not in `CHANGELOG.md`, from
        // the tags: `editable` on `<text-field>` since v0.38.4 (`schema/hyperview.xsd`,
        // `hv-text-field` reads `editable !== 'false'`), without which a read-only field is
        // editable; the `focus` and `blur` triggers since v0.38.0 (commit b0cc1f72 "add
        // trigger "focus" and "blur" for text-field"), `change` since v0.46.0 (commit
        // ace2531b "Add support for "change" trigger on text-area and text-field"), whose
        // behaviors an older client never runs.
        //
        // Rendered by no version, up to v0.108.1 (the newest tag read): a page view's
        // `onPageChange` and `currentPage`. `schema/core.xsd`'s `trigger` type (`back`,
        // `press`, `longPress`, `enter-geofence`, `leave-geofence`, `pressIn`, `pressOut`,
        // `visible`, `refresh`, `load`, `select`, `deselect`, `focus`, `blur`, `submit`,
        // `on-event`, `change`, `load-stale-error`) has no page change, and a `<view>`'s
        // `scrollAttributes` none for the page shown: the actions would never run, and the
        // bound page never show.
        properties: [
            .init("beagle:scrollView", ["scrollDirection"], ["HORIZONTAL"], since: Self.version("0.3")),
            .init("beagle:textInput", ["type"], ["EMAIL", "NUMBER"], since: Self.version("0.4")),
            .init("beagle:textInput", ["type"], ["PASSWORD"], since: Self.version("0.34.1")),
            .init("beagle:image", ["mode"], ["FIT_XY", "FIT_CENTER", "CENTER_CROP", "CENTER"], since: Self.version("0.41")),
            .init("beagle:textInput", ["readOnly"], matching: .flag(true), since: Self.version("0.38.4")),
            .init("beagle:textInput", ["enabled"], matching: .flag(false), since: Self.version("0.38.4")),
            .init("beagle:textInput", ["onFocus"], matching: .present, since: Self.version("0.38")),
            .init("beagle:textInput", ["onBlur"], matching: .present, since: Self.version("0.38")),
            .init("beagle:textInput", ["onChange"], matching: .present, since: Self.version("0.46")),
            .renderedByNoVersion("beagle:pageView", ["onPageChange"], matching: .present, checkedTo: Self.version("0.108.1")),
            .renderedByNoVersion("beagle:pageView", ["currentPage"], matching: .present, checkedTo: Self.version("0.108.1")),
        ],
        // `<image>` loads its `source`, a required `xs:anyURI` (`schema/core.xsd`): an asset
        // of the app is the app's own `sr:local-image`. `<web-view>` gets only a web address
        // (ARCHITECTURE.md, "Trust"); any other URL is the app's own `sr:webView`. A
        // touchable is a `<view>` around its components: without any, the app's own
        // `sr:touchable`. A behavior's `href` is written from a path (text, or a binding
        // the screen's contexts resolve): a navigation of any other route is written in a
        // comment, as an action without a behavior is.
        appViewForms: [.localImage, .webViewOfNoWebAddress, .touchableOfNoComponents]
            + ["beagle:pushView", "beagle:pushStack", "beagle:resetApplication", "beagle:resetStack"].map(AppViewForm.navigationOfNoPath)
            + ["beagle:popToView", "beagle:openNativeRoute"].map(AppViewForm.routeOfNoText),
        // An action without a behavior (a request, a context, a custom action) is written
        // only in the element's comment: no handler of the app's own is reached.
        handsOtherActionsToTheApp: false,
        sources: [
            "Instawork/hyperview CHANGELOG.md (0.1.0, 0.2.0, 0.3.0, 0.4.0, 0.7.0, 0.41.0)",
            "Instawork/hyperview tags v0.11.0, v0.13.0, v0.26.0, v0.34.1, v0.38.0, v0.38.4, v0.40.2, v0.46.0, v0.108.1",
        ])
}
