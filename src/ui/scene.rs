//! What a board shows, as plain data: one scene drawn by one renderer for the game's table,
//! the replay viewer and the embeds.
