import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./src/db/backend-schema.ts",
  out: "./migrations/backend",
});
