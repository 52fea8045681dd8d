/// `themes/dark.json`, compiled in (a test checks the two stay identical).
extension ThemeLoader {
    static let builtInDarkJSON = #"""
        {
          "name": "dark",
          "description": "Lazer's default: soft colours on a dark background.",
          "palette": {
            "base": "#1e1e2e",
            "surface": "#313244",
            "overlay": "#6c7086",
            "text": "#cdd6f4",
            "subtext": "#a6adc8",
            "blue": "#89b4fa",
            "sky": "#89dceb",
            "green": "#a6e3a1",
            "yellow": "#f9e2af",
            "peach": "#fab387",
            "red": "#f38ba8",
            "mauve": "#cba6f7",
            "teal": "#94e2d5"
          },
          "roles": {
            "background": { "bg": "base" },
            "text": { "fg": "text" },
            "muted": { "fg": "overlay" },
            "accent": { "fg": "blue", "bold": true },
            "border": { "fg": "surface" },
            "focusedBorder": { "fg": "blue" },
            "title": { "fg": "mauve", "bold": true },
            "selection": { "fg": "base", "bg": "blue" },
            "statusBar": { "fg": "subtext", "bg": "surface" },
            "keyHint": { "fg": "base", "bg": "mauve", "bold": true },
            "match": { "fg": "yellow", "bold": true, "underline": true },
            "cursorLine": { "bg": "surface" },
            "method.GET": { "fg": "green", "bold": true },
            "method.POST": { "fg": "yellow", "bold": true },
            "method.PUT": { "fg": "blue", "bold": true },
            "method.PATCH": { "fg": "mauve", "bold": true },
            "method.DELETE": { "fg": "red", "bold": true },
            "method.HEAD": { "fg": "teal", "bold": true },
            "method.OPTIONS": { "fg": "sky", "bold": true },
            "method.custom": { "fg": "subtext", "bold": true },
            "status.1xx": "sky",
            "status.2xx": { "fg": "green", "bold": true },
            "status.3xx": { "fg": "blue", "bold": true },
            "status.4xx": { "fg": "peach", "bold": true },
            "status.5xx": { "fg": "red", "bold": true },
            "json.key": "blue",
            "json.string": "green",
            "json.number": "peach",
            "json.boolean": "mauve",
            "json.null": { "fg": "overlay", "italic": true },
            "json.punctuation": "subtext",
            "error": { "fg": "red", "bold": true },
            "warning": "yellow",
            "success": "green",
            "info": "sky"
          }
        }
        """#
}
