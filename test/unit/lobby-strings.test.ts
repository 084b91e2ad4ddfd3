import { describe, expect, it } from "vitest";
import { UI_LOCALES } from "../../src/i18n/locales";
import { LOBBY_STRINGS } from "../../src/lobby/languages";
import { fill } from "../../src/lobby/lobby-strings";
import { seatLabel } from "../../src/lobby/seat-label";
import { roomNameOf } from "../../workers/rooms/play/room-names";

/** Every text of a language's lobby strings by its path ("script.taking"), the room words aside. */
function texts(value: unknown, path = ""): Map<string, string> {
  const found = new Map<string, string>();
  if (typeof value === "string") found.set(path, value);
  else if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (path === "" && key === "roomName") continue;
      for (const [childPath, text] of texts(child, path ? `${path}.${key}` : key)) found.set(childPath, text);
    }
  }
  return found;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const english = texts(LOBBY_STRINGS.en);

describe("the play link's texts in the five languages", () => {
  it.each(UI_LOCALES.filter((language) => language !== "en"))(
    "%s has every text, in its own words, with the values the English one takes",
    (language) => {
      const own = texts(LOBBY_STRINGS[language]);
      expect([...own.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [path, text] of own) {
        const en = english.get(path) as string;
        expect(placeholders(text), path).toEqual(placeholders(en));
        // The one text made of a value and a symbol only stays alike in every language.
        if (path !== "script.seatAction") expect(text, path).not.toBe(en);
      }
    },
  );

  it.each(UI_LOCALES)("%s has 16 different colours and 16 different animals for room names", (language) => {
    const { colours, animals, format } = LOBBY_STRINGS[language].roomName;
    expect(new Set(colours).size).toBe(16);
    expect(new Set(animals).size).toBe(16);
    expect(placeholders(format)).toEqual(["animal", "colour"]);
  });

  it("names one room with the same pick of words in every language", () => {
    expect(roomNameOf("room-1a2b3c4d", LOBBY_STRINGS.en.roomName)).toBe("Silver Tiger");
    expect(roomNameOf("room-1a2b3c4d", LOBBY_STRINGS.ja.roomName)).toBe("銀のトラ");
    expect(roomNameOf("room-1a2b3c4d", LOBBY_STRINGS["zh-TW"].roomName)).toBe("銀色老虎");
  });

  it("fills values in and names seats in the page's language", () => {
    expect(fill("{seat} · {n} · {other}", { seat: "Player 1", n: 2 })).toBe("Player 1 · 2 · {other}");
    expect(seatLabel(LOBBY_STRINGS.ja.script, "p2")).toBe("プレイヤー2");
    expect(seatLabel(LOBBY_STRINGS.ko.script, "spectator")).toBe("관전자");
    expect(seatLabel(LOBBY_STRINGS.en.script, "p10")).toBe("Player 10");
    expect(seatLabel(LOBBY_STRINGS.en.script, "host")).toBe("host");
  });
});
