-- Rooms whose roster the backend holds (docs/rooms.md "Seat tickets", docs/decisions/0071-rooms-have-a-record-in-the-backend-the-lobbys.md "Rooms
-- have a record in the backend"): one row per (revision, room), written once (INSERT ... ON
-- CONFLICT DO NOTHING, the first creation wins) by POST /rooms or by the lobby (lobby = 1).
CREATE TABLE `rooms` (
	`revision_id` text NOT NULL,
	`room_id` text NOT NULL,
	`players` text NOT NULL,
	`creator_uid` text NOT NULL,
	`lobby` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`revision_id`, `room_id`)
);
