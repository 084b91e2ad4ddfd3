export * from "./seat-ticket";
